// Compiles the Solidity sources under src/server/devnet/solidity/ with the pure-JavaScript compiler (npm `solc`) and writes
// their ABI and bytecode to tests/fixtures/contracts/*.json, plus the canonical Multicall3 runtime code that
// the local chains place at its well-known address. The output is committed; run this again only after a
// contract changes:
//
//   node src/scripts/compile-contracts.mjs
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { multicall3Abi } from 'viem';

const require = createRequire(import.meta.url);
const solc = require('solc');

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = `${root}tests/fixtures/contracts`;

/** Contracts to compile: source file under src/server/devnet/solidity/, contract name, fixture file name. */
const CONTRACTS = [
  { source: 'MockToken.sol', name: 'MockToken', out: 'mock-token.json' },
  { source: 'MockNft.sol', name: 'MockNft', out: 'mock-nft.json' },
];

const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  // No metadata hash: the bytecode then depends on the source text alone, not on file paths.
  metadata: { bytecodeHash: 'none' },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

function compile() {
  const sources = Object.fromEntries(
    CONTRACTS.map((c) => [c.source, { content: readFileSync(`${root}src/server/devnet/solidity/${c.source}`, 'utf8') }]),
  );
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings })));
  const problems = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (problems.length > 0) throw new Error(problems.map((e) => e.formattedMessage).join('\n'));
  for (const warning of output.errors ?? []) console.warn(warning.formattedMessage);

  mkdirSync(outDir, { recursive: true });
  for (const c of CONTRACTS) {
    const compiled = output.contracts?.[c.source]?.[c.name];
    if (!compiled) throw new Error(`${c.name} is missing from the compiler output.`);
    const artifact = {
      contractName: c.name,
      source: `src/server/devnet/solidity/${c.source}`,
      compiler: { name: 'solc', version: solc.version(), settings: { ...settings, outputSelection: undefined } },
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    };
    writeFileSync(`${outDir}/${c.out}`, `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(`${c.name}: ${(compiled.evm.deployedBytecode.object.length / 2).toFixed(0)} bytes -> ${c.out}`);
  }
}

/**
 * Multicall3's canonical creation code ships with viem (the same bytes deployed at
 * 0xcA11bde05977b3631167028862bE2a173976CA11 on every chain). Its constructor is the standard
 * `CODECOPY(0, 0x20, len); RETURN(0, len)` preamble, so the runtime code is the `len` bytes after it.
 */
function multicall3() {
  const text = readFileSync(`${root}node_modules/viem/constants/contracts.ts`, 'utf8');
  const match = /export const multicall3Bytecode =\s*'0x([0-9a-f]+)'/.exec(text);
  if (!match) throw new Error('Multicall3 creation code not found in viem/constants/contracts.ts');
  const creation = match[1];
  const preamble = /^608060405234801561001057600080fd5b5061([0-9a-f]{4})8061([0-9a-f]{4})6000396000f3fe/.exec(creation);
  if (!preamble) throw new Error('Unexpected Multicall3 constructor layout.');
  const length = Number.parseInt(preamble[1], 16);
  const offset = Number.parseInt(preamble[2], 16);
  const runtime = creation.slice(offset * 2, (offset + length) * 2);
  if (runtime.length !== length * 2 || offset * 2 !== preamble[0].length) {
    throw new Error('Multicall3 creation code is shorter than its constructor says.');
  }
  const artifact = {
    contractName: 'Multicall3',
    source: 'Multicall3 v3 (github.com/mds1/multicall), canonical creation code as shipped in viem/constants/contracts.ts',
    address: '0xcA11bde05977b3631167028862bE2a173976CA11',
    abi: multicall3Abi,
    deployedBytecode: `0x${runtime}`,
  };
  writeFileSync(`${outDir}/multicall3.json`, `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`Multicall3: ${length} bytes -> multicall3.json`);
}

compile();
multicall3();
