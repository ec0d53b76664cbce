/**
 * RFC 4180 CSV reader. Hand-written because the inputs are small, quoted fields contain commas,
 * quotes and newlines, and we need to report (not throw on) malformed rows.
 */

/** Parse CSV text into rows of fields. Quoted fields may contain `""`, commas and newlines. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let inQuotes = false;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1; // BOM
  while (i < n) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field.length === 0) {
      inQuotes = true;
      i++;
    } else if (c === ",") {
      row.push(field);
      field = "";
      i++;
    } else if (c === "\n" || c === "\r") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      if (c === "\r" && text[i + 1] === "\n") i++;
      i++;
    } else {
      field += c;
      i++;
    }
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows as objects keyed by the header row. Rows whose width differs from the header are returned in `bad`. */
export function parseCsvRecords(text: string): { header: string[]; records: Record<string, string>[]; bad: { line: number; fields: string[] }[] } {
  const rows = parseCsv(text);
  const header = rows[0] ?? [];
  const records: Record<string, string>[] = [];
  const bad: { line: number; fields: string[] }[] = [];
  for (let r = 1; r < rows.length; r++) {
    const fields = rows[r];
    if (fields.length === 1 && fields[0] === "") continue; // blank line
    if (fields.length !== header.length) {
      bad.push({ line: r + 1, fields });
      continue;
    }
    const rec: Record<string, string> = {};
    for (let k = 0; k < header.length; k++) rec[header[k]] = fields[k];
    records.push(rec);
  }
  return { header, records, bad };
}
