// The filtered list as CSV for a spreadsheet: UTF-8 with a BOM (so Excel reads the accents), a
// header row, one row a lead. A visitor wrote the names and companies: a cell a spreadsheet
// would take for a formula gets a leading apostrophe, so it stays text.
import type { PanelLeadRow } from '@helena/contract';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised when it could run as a formula, quoted, its quotes doubled. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const CSV_BOM = '\uFEFF';
export const CSV_HEADER = ['id', 'fecha', 'nombre', 'correo', 'empresa', 'estado', 'resultado', 'total', 'mensual', 'servicios'];

export function csvRow(lead: PanelLeadRow): string {
  return [lead.id, lead.createdAt, lead.name, lead.email, lead.company, lead.state ?? 'sin_propuesta', lead.outcome, lead.total, lead.monthly, lead.items.join('; ')].map(csvCell).join(',') + '\r\n';
}
