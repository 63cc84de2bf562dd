/**
 * Department codes are text ("01", "2A", "974"). Sorting them as plain text would put Corsica after
 * "29"; this comparator sorts them where people expect, between 19 and 21, and overseas last.
 */
export function compareDepartmentCodes(a: string, b: string): number {
  return sortKey(a).localeCompare(sortKey(b));
}

function sortKey(code: string): string {
  const corsica = /^2([AB])$/i.exec(code);
  if (corsica) return `020${corsica[1]!.toUpperCase()}`;
  return code.padStart(3, '0');
}

/** The department an INSEE commune code belongs to: three characters overseas (97x), else two. */
export function departmentCodeFromInsee(inseeCode: string): string | null {
  const code = inseeCode.trim().toUpperCase();
  if (!/^(\d{5}|2[AB]\d{3})$/.test(code)) return null;
  return code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2);
}

/** The department's label in lists: "31 - Haute-Garonne". */
export function departmentText(code: string, name: string): string {
  return `${code} - ${name}`;
}
