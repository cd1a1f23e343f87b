import path from 'node:path';

/** `"Lighthouse Keeper’s Night"` → `lighthouse-keepers-night`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** A storage-safe file name that keeps the extension: `Invoice (1).PDF` → `invoice-1.pdf`. */
export function safeFileName(name: string): string {
  const ext = path
    .extname(name)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '')
    .slice(0, 10);
  const stem =
    path
      .basename(name, path.extname(name))
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'file';
  return `${stem}${ext}`;
}
