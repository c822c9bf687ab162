import { informationText } from '@kite/domain';

const form = informationText.sep.mandateForm;

const escape = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A printable NACH / ECS mandate form as an HTML document: what the download link of the SEP page gives. */
export function mandateFormHtml(): string {
  const rows = form.fields.map((field) => `<tr><th>${escape(field)}</th><td></td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(form.title)}</title>
<style>body{font-family:sans-serif;margin:32px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #444;padding:14px 8px;text-align:left}th{width:40%}</style>
</head><body><h1>${escape(form.title)}</h1><table>${rows}</table><p>${escape(form.footer)}</p></body></html>`;
}

export const mandateFormHref = (): string => `data:text/html;charset=utf-8,${encodeURIComponent(mandateFormHtml())}`;
