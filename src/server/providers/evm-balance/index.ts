export { createRpcBalanceReader, type AddressBalances, type BalanceQuery, type BalanceSnapshot, type RpcBalanceReader, type RpcBalanceReaderOptions, type TokenBalance } from './balance-reader';
export { createChainDetails, type ChainDetails, type TokenMetadata, type TransactionDetails } from './chain-details';
export { detectBlockTracer, type BlockTracer, type TraceMethod } from './block-tracer';
export { traceInternalTransfers, type TraceInternalTransfersParams } from './internal-transfers';
export { scanNativeTransfers, type ScanNativeTransfersParams } from './native-transfers';
export { createRpcPublicClient, MULTICALL3_ADDRESS, type RpcClientOptions, type RpcEndpoint } from './rpc-client';
export { createRpcHistoryProvider, type RpcHistoryEndpoint, type RpcHistoryProviderConfig, type RpcHistoryScan } from './rpc-history-provider';
export { getLogsTransfers, type GetLogsTransfersParams, type LogTransferKind } from './transfer-logs';
