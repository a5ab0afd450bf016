// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// @title MockNft
/// @notice A plain ERC-721 for local chains: sequential token ids minted by its owner, metadata under a base URI.
contract MockNft {
    string public name;
    string public symbol;
    string private baseUri;
    address public immutable owner;
    uint256 public totalSupply;

    mapping(uint256 tokenId => address) private owners;
    mapping(address holder => uint256) private balances;
    mapping(uint256 tokenId => address) private approvals;
    mapping(address holder => mapping(address operator => bool)) private operators;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NotOwner();
    error NonexistentToken(uint256 tokenId);
    error NotAuthorized(address caller, uint256 tokenId);
    error InvalidReceiver(address receiver);
    error WrongFrom(address from, uint256 tokenId);

    constructor(string memory name_, string memory symbol_, string memory baseUri_) {
        name = name_;
        symbol = symbol_;
        baseUri = baseUri_;
        owner = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f; // ERC-721 metadata
    }

    function mint(address to) external returns (uint256 tokenId) {
        if (msg.sender != owner) revert NotOwner();
        if (to == address(0)) revert InvalidReceiver(to);
        tokenId = ++totalSupply;
        owners[tokenId] = to;
        unchecked {
            balances[to] += 1;
        }
        emit Transfer(address(0), to, tokenId);
    }

    function balanceOf(address holder) external view returns (uint256) {
        return balances[holder];
    }

    function ownerOf(uint256 tokenId) public view returns (address holder) {
        holder = owners[tokenId];
        if (holder == address(0)) revert NonexistentToken(tokenId);
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return string.concat(baseUri, _toString(tokenId), ".json");
    }

    function approve(address approved, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        if (msg.sender != holder && !operators[holder][msg.sender]) revert NotAuthorized(msg.sender, tokenId);
        approvals[tokenId] = approved;
        emit Approval(holder, approved, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return approvals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return operators[holder][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        if (holder != from) revert WrongFrom(from, tokenId);
        if (to == address(0)) revert InvalidReceiver(to);
        if (msg.sender != holder && approvals[tokenId] != msg.sender && !operators[holder][msg.sender]) {
            revert NotAuthorized(msg.sender, tokenId);
        }
        delete approvals[tokenId];
        owners[tokenId] = to;
        unchecked {
            balances[from] -= 1;
            balances[to] += 1;
        }
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            bytes4 answer = IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data);
            if (answer != IERC721Receiver.onERC721Received.selector) revert InvalidReceiver(to);
        }
    }

    function _toString(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory buffer = new bytes(digits);
        for (; value != 0; value /= 10) buffer[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(buffer);
    }
}
