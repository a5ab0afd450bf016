import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, MAX_ATTACHMENTS_BYTES } from '../../src/shared/invoice-rules';
import {
  draftDecimal,
  draftLineTotals,
  draftToItemInput,
  draftTotals,
  emptyItemDraft,
  itemDraftErrors,
  itemDraftFromOut,
  itemDraftsToBody,
  itemErrorKey,
  itemFieldError,
  itemListErrors,
  itemsDraftErrors,
  type InvoiceItemDraft,
} from '../../src/app/features/new-invoice/invoice-item-draft';
import { LineItemsEditor } from '../../src/app/features/new-invoice/line-items-editor';
import {
  AttachmentsField,
  attachmentDataUrl,
  fitsAttachmentLimit,
  formatFileSize,
  isAttachmentFile,
  refusedTypesMessage,
} from '../../src/app/features/new-invoice/attachments-field';

const item = (patch: Partial<InvoiceItemDraft>): InvoiceItemDraft => ({ ...emptyItemDraft(), name: 'Work', ...patch });

describe('invoice item drafts', () => {
  it('start with the documented defaults: quantity 1, fixed discount 0, percent tax 0', () => {
    expect(emptyItemDraft()).toEqual({
      name: '',
      description: '',
      quantity: '1',
      unit_price: '',
      discount: '0',
      discount_is_percent: false,
      tax: '0',
      tax_is_percent: true,
    });
    // A fresh object each time: the form may change one without touching the next.
    expect(emptyItemDraft()).not.toBe(emptyItemDraft());
  });

  it('read half-typed numbers leniently', () => {
    expect(draftDecimal('1.')).toBe('1');
    expect(draftDecimal('.5')).toBe('0.5');
    expect(draftDecimal(' 007 ')).toBe('7');
    expect(draftDecimal('0')).toBe('0');
    expect(draftDecimal('12.50')).toBe('12.50');
    for (const text of ['', '.', '-1', 'abc', '1,5', '1e3', '1.2.3']) expect(draftDecimal(text), text).toBeNull();
  });

  it('count numbers that cannot be read yet as zero', () => {
    expect(draftLineTotals(emptyItemDraft())).toEqual({ base: '0.00000', tax: '0.00000', total: '0.00000' });
    expect(draftLineTotals(item({ quantity: '', unit_price: '10' })).total).toBe('0.00000');
    expect(draftLineTotals(item({ quantity: '2', unit_price: '10.', tax: '' })).total).toBe('20.00000');
    expect(draftLineTotals(item({ quantity: 'x', unit_price: '-3' })).total).toBe('0.00000');
  });

  it('apply a percent or a fixed discount to quantity × unit price, then a percent or a fixed tax', () => {
    // 3 × 19.99 = 59.97; 10 % off = 53.973; 19 % tax = 10.25487 (5 decimals, half-up).
    expect(draftLineTotals(item({ quantity: '3', unit_price: '19.99', discount: '10', discount_is_percent: true, tax: '19' }))).toEqual({
      base: '53.97300',
      tax: '10.25487',
      total: '64.22787',
    });
    // Fixed 5 off, fixed 2.5 tax.
    expect(
      draftLineTotals(item({ quantity: '2', unit_price: '10', discount: '5', tax: '2.5', tax_is_percent: false })),
    ).toEqual({ base: '15.00000', tax: '2.50000', total: '17.50000' });
    // 0.1 + 0.2 style values stay exact.
    expect(draftLineTotals(item({ quantity: '3', unit_price: '0.1', tax: '0' })).total).toBe('0.30000');
  });

  it('hold a discount to the line amount while it is typed, so no line goes below zero', () => {
    expect(draftToItemInput(item({ quantity: '1', unit_price: '10', discount: '150', discount_is_percent: true })).discount).toBe('100');
    expect(draftToItemInput(item({ quantity: '2', unit_price: '10', discount: '25' })).discount).toBe('20');
    expect(draftLineTotals(item({ quantity: '2', unit_price: '10', discount: '25', tax: '10' })).total).toBe('0.00000');
    // A valid discount goes through untouched.
    expect(draftToItemInput(item({ quantity: '2', unit_price: '10', discount: '19.5' })).discount).toBe('19.5');
  });

  it('sum the lines and add the flat 1.5 % fee on FTC invoices', () => {
    const items = [
      item({ quantity: '2', unit_price: '100', tax: '20' }),
      item({ quantity: '1', unit_price: '50.5', discount: '0.5', tax: '0' }),
      item({ quantity: '', unit_price: '' }),
    ];
    expect(draftTotals(items, false)).toEqual({
      total_base_amount: '250.00000',
      total_tax_amount: '40.00000',
      total_tax_percentage: '16.00000',
      ftc_fee: '0.00000',
      total_amount: '290.00000',
    });
    const ftc = draftTotals(items, true);
    expect(ftc.ftc_fee).toBe('4.35000');
    expect(ftc.total_amount).toBe('294.35000');
    expect(draftTotals([], true).total_amount).toBe('0.00000');
  });

  it('check each item with the shared rules, name required', () => {
    expect(itemDraftErrors(item({ unit_price: '10' }))).toEqual({});
    expect(itemDraftErrors(emptyItemDraft())).toEqual({ name: INVOICE_MESSAGES.required, unit_price: INVOICE_MESSAGES.required });
    expect(itemDraftErrors(item({ quantity: '0', unit_price: '-1', discount: '-1', tax: '1.123456' }))).toEqual({
      quantity: INVOICE_MESSAGES.positive,
      unit_price: INVOICE_MESSAGES.positive,
      discount: INVOICE_MESSAGES.notNegative,
      tax: INVOICE_MESSAGES.maxDecimals,
    });
    expect(itemDraftErrors(item({ quantity: '1.5', unit_price: '1.123456' }))).toEqual({
      quantity: INVOICE_MESSAGES.noDecimals,
      unit_price: INVOICE_MESSAGES.maxDecimals,
    });
  });

  it('map errors by dotted path, like the server’s 400', () => {
    const errors = itemsDraftErrors([item({ unit_price: '1' }), item({ name: ' ', quantity: '2.5', unit_price: '1' })]);
    expect(errors).toEqual({ 'items.1.name': [INVOICE_MESSAGES.required], 'items.1.quantity': [INVOICE_MESSAGES.noDecimals] });
    expect(itemsDraftErrors([])).toEqual({ items: [INVOICE_MESSAGES.atLeastOneItem] });
    expect(itemErrorKey(3, 'unit_price')).toBe('items.3.unit_price');

    const server = { 'items.0.quantity': ['Server says no.', 'Second'], 'items.1.tax': ['Bad tax.'], name: ['Required'] };
    expect(itemFieldError(server, 0, 'quantity')).toBe('Server says no.');
    expect(itemFieldError(server, 1, 'tax')).toBe('Bad tax.');
    expect(itemFieldError(server, 1, 'quantity')).toBeNull();
    expect(itemFieldError(server, 0, 'name')).toBeNull();
  });

  it('list the item errors no field shows', () => {
    const errors = {
      items: ['Add at least one item.'],
      'items.0': ['Expected an item object.'],
      'items.0.quantity': ['On its field.'],
      'items.0.discount_is_percent': ['Must be true or false.'],
      'items.4.name': ['Beyond the list.'],
      name: ['Not an item error.'],
    };
    expect(itemListErrors(errors, 2)).toEqual([
      'Add at least one item.',
      'Item 1: Expected an item object.',
      'Item 1: Must be true or false.',
      'Item 5: Beyond the list.',
    ]);
    expect(itemListErrors({}, 1)).toEqual([]);
  });

  it('convert to and from the API shape', () => {
    const out = { id: 'x', name: 'A', description: 'B', quantity: '2', unit_price: '3.5', discount: '1', discount_is_percent: true, tax: '7', tax_is_percent: false, total_amount: '7' };
    expect(itemDraftFromOut(out)).toEqual({ name: 'A', description: 'B', quantity: '2', unit_price: '3.5', discount: '1', discount_is_percent: true, tax: '7', tax_is_percent: false });
    expect(itemDraftsToBody([item({ name: ' Work ', description: ' x ', quantity: ' 2 ', unit_price: '5 ' })])).toEqual([
      { name: 'Work', description: 'x', quantity: '2', unit_price: '5', discount: '0', discount_is_percent: false, tax: '0', tax_is_percent: true },
    ]);
  });
});

describe('attachment helpers', () => {
  it('take images and PDF files only', () => {
    expect(isAttachmentFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isAttachmentFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(isAttachmentFile({ name: 'scan.PDF', type: '' })).toBe(true);
    expect(isAttachmentFile({ name: 'a.txt', type: 'text/plain' })).toBe(false);
    expect(isAttachmentFile({ name: 'a.zip', type: '' })).toBe(false);
    expect(attachmentDataUrl({ name: 'scan.pdf', type: '' }, 'data:application/octet-stream;base64,QUJD')).toBe('data:application/pdf;base64,QUJD');
    expect(attachmentDataUrl({ name: 'a.png', type: 'image/png' }, 'data:image/png;base64,QUJD')).toBe('data:image/png;base64,QUJD');
    expect(refusedTypesMessage(['a.txt', 'b.zip'])).toBe(`“a.txt”, “b.zip” are not an image or a PDF. ${INVOICE_MESSAGES.attachmentType}`);
  });

  it('keep the decoded total within 10,000,000 bytes', () => {
    const abc = { data: 'data:image/png;base64,QUJD' }; // 3 bytes
    expect(fitsAttachmentLimit([abc], [MAX_ATTACHMENTS_BYTES - 3])).toBe(true);
    expect(fitsAttachmentLimit([abc], [MAX_ATTACHMENTS_BYTES - 3, 1])).toBe(false);
    expect(fitsAttachmentLimit([], [MAX_ATTACHMENTS_BYTES + 1])).toBe(false);
    expect(fitsAttachmentLimit([{ data: 'not a data url' }], [1])).toBe(false);
  });

  it('show sizes in decimal units', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(34_500)).toBe('34.5 KB');
    expect(formatFileSize(2_000_000)).toBe('2 MB');
  });
});

describe('rendered editor', () => {
  const render = (props: Partial<Parameters<typeof LineItemsEditor>[0]>): string =>
    renderToStaticMarkup(
      createElement(LineItemsEditor, {
        items: [item({ quantity: '2', unit_price: '10', tax: '10' }), item({ quantity: '1', unit_price: '5' })],
        onChange: () => undefined,
        errors: {},
        currency: 'EUR',
        isFtc: false,
        ...props,
      }),
    );

  it('labels every input per item and shows the totals in the invoice currency', () => {
    const html = render({});
    for (const label of ['Name', 'Description', 'Quantity', 'Unit price', 'Discount', 'Tax']) {
      expect(html).toContain(`${label}<span class="visually-hidden"> of item 2</span>`);
    }
    expect(html).toContain('aria-label="Remove item 2"');
    expect(html).toContain('aria-label="Discount of item 1 in percent"');
    expect(html.match(/inputMode="decimal"/g)).toHaveLength(8);
    expect(html).toContain('€27.00');
    expect(html).not.toContain('Fiat-to-Crypto fee');
    expect(render({ isFtc: true })).toContain('Fiat-to-Crypto fee (1.5%)');
  });

  it('shows a server error on its field and keeps the last item', () => {
    const html = render({ items: [item({ unit_price: '1' })], errors: { 'items.0.quantity': ['Server message.'] } });
    expect(html).toContain('Server message.');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Remove item 1"/);
  });

  it('renders the attachments with their sizes', () => {
    const html = renderToStaticMarkup(
      createElement(AttachmentsField, { value: [{ name: 'a.png', data: 'data:image/png;base64,QUJD' }], onChange: () => undefined, error: 'Too big.' }),
    );
    expect(html).toContain('a.png');
    expect(html).toContain('3 B');
    expect(html).toContain('Too big.');
    expect(html).toContain('accept="image/*,application/pdf,.pdf"');
  });
});
