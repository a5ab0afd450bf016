import { FIAT_CURRENCIES } from '../../../shared/enums';
import type { FaqItem } from './faq-types';

const baseCurrencies = FIAT_CURRENCIES.join(', ');

/** The questions of the FAQ page (docs/app-shell.md), most asked first. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'mobile',
    question: 'Can I use Ledgerloop on my phone, and how do I install the app?',
    answer: [
      [
        'Yes. Ledgerloop is built for phones first and works in any modern mobile browser. To install it, open the ' +
          'site and choose "Install app" (Chrome, Edge, Samsung Internet) or Share > "Add to Home Screen" (Safari ' +
          'on iPhone and iPad). It then starts from your home screen in its own window, like any other app.',
      ],
      ['On a desktop computer, use the install icon at the right end of the address bar in Chrome or Edge.'],
    ],
  },
  {
    id: 'premium',
    question: 'What do I get with a premium plan?',
    answer: [
      [
        'The Plus plan raises the limits of the free plan to 10 wallets, 100,000 loaded transactions per wallet and ' +
          'unlimited invoices, and adds the portfolio history chart on the dashboard and the connection to your ' +
          'accounting software. Enterprise adds payroll and company wallet management, white-label invoices, ' +
          'individual payment links and API access. Compare them on ',
        { text: 'Plans & Pricing', to: '/pricing' },
        '.',
      ],
    ],
  },
  {
    id: 'tokens',
    question: 'Which tokens are supported?',
    answer: [
      [
        'The top 1000 tokens of every supported network, by market capitalisation, with their prices and logos.',
      ],
    ],
  },
  {
    id: 'chains',
    question: 'Which blockchains are supported?',
    answer: [
      [
        'Bitcoin, Ethereum, BNB Smart Chain (BSC), Polygon and Fantom. Add a public address of any of them on the ',
        { text: 'Wallets', to: '/wallets' },
        ' page; one Ethereum-style address can be tracked on several of these networks.',
      ],
    ],
  },
  {
    id: 'exchanges',
    question: 'Can I connect my exchange account?',
    answer: [
      [
        'Yes, Binance is supported. On the ',
        { text: 'Wallets', to: '/wallets' },
        ' page choose Add Wallet, then the exchange form, and paste an API key and secret created with read-only ' +
          'permissions. More exchanges are planned.',
      ],
    ],
  },
  {
    id: 'wallet-limit',
    question: 'Why can I add only one wallet?',
    answer: [
      [
        'The free plan includes one wallet or exchange account. To track more, upgrade on ',
        { text: 'Plans & Pricing', to: '/pricing' },
        '; your existing data stays as it is.',
      ],
    ],
  },
  {
    id: 'currencies',
    question: 'In which currencies can I see my portfolio?',
    answer: [
      [
        'Prices are tracked in more than 25 fiat currencies. Choose the base currency of your dashboard, lists and ' +
          `reports with the currency picker in the top bar or in `,
        { text: 'Settings', settings: 'settings' },
        `; it offers ${baseCurrencies}.`,
      ],
    ],
  },
  {
    id: 'security',
    question: 'Are my private keys and funds safe?',
    answer: [
      [
        'Ledgerloop never asks for your private keys or recovery phrase and cannot move your funds: it only reads ' +
          'public blockchain data for the addresses you add. Wallet sign-in is a signed message, not a transaction. ' +
          'Exchange API keys are stored encrypted and are used read-only.',
      ],
    ],
  },
  {
    id: 'offline',
    question: 'Does the app work offline?',
    answer: [
      [
        'Yes. Once installed or visited, the app opens without a connection and shows the data you last saw: ' +
          'dashboard, wallets and documents. Changes you make offline, such as switching a wallet on or off, are ' +
          'kept and sent automatically when the connection returns.',
      ],
    ],
  },
  {
    id: 'crypto-invoices',
    question: 'Can I send invoices payable in crypto?',
    answer: [
      [
        'Yes. ',
        { text: 'Create an invoice', to: '/new-invoice' },
        ' with your receiving wallet and token; your client opens the payment link, pays from a browser or mobile ' +
          'wallet or by a manual transfer, and the invoice is marked paid once the payment is confirmed on chain.',
      ],
    ],
  },
  {
    id: 'bank-invoices',
    question: 'Can my clients pay an invoice by euro bank transfer?',
    answer: [
      [
        'Yes, with Fiat-to-Crypto invoicing: your client pays in euro by SEPA or wire transfer (1-2 business days) ' +
          'and you receive crypto. It needs a one-time setup with a light identity check (about 5 minutes) in ',
        { text: 'Fiat-to-crypto settings', settings: 'fiat-to-crypto' },
        '. Such invoices are in EUR with a flat fee of 1.5% of the invoice amount.',
      ],
    ],
  },
  {
    id: 'reports',
    question: 'What reports can I create?',
    answer: [
      [
        'Holdings reports (balances at the start and end of a period with inflows and outflows per token) and ' +
          'transaction reports, for one or several wallets and any date range. Create them on the ',
        { text: 'Documents', to: '/documents' },
        ' page and export them as PDF or CSV.',
      ],
    ],
  },
  {
    id: 'contacts-labels',
    question: 'How do contacts and labels work?',
    answer: [
      [
        'Save the people and companies you work with as ',
        { text: 'contacts', to: '/contacts' },
        ' to bill them in one click. Labels are coloured tags you add to contacts and transactions, then use to ' +
          'filter your transactions and documents.',
      ],
    ],
  },
  {
    id: 'delete-account',
    question: 'How do I delete my account?',
    answer: [
      [
        'Open ',
        { text: 'Settings', settings: 'settings' },
        ' and choose "Delete account permanently". Your profile, wallets, contacts, labels and documents are ' +
          'deleted immediately; this cannot be undone.',
      ],
    ],
  },
  {
    id: 'guest',
    question: 'Can I try Ledgerloop without signing up?',
    answer: [
      [
        'Yes. On the ',
        { text: 'sign-in page', to: '/auth' },
        ' choose one of the demo wallets, or enter any public address to look at it as a read-only guest. ' +
          'Sign in with MetaMask, WalletConnect or Google to create invoices, contacts and reports.',
      ],
    ],
  },
];
