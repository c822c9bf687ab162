import { allCodes, formatQuantity, tradingText } from '@kite/domain';
import type { EdisFlag, EdisRequestView } from '../../services/portfolio/edis.ts';

/**
 * The simulated CDSL / NSDL e-DIS pages (market-facts.md 8): a plain server-rendered form, as a depository's own site
 * would be, so it has its own look rather than the app's. Every value is escaped.
 */

const text = tradingText.portfolio;

export function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  :root { --ink: #1f2933; --muted: #52606d; --line: #cbd2d9; --page: #f5f7fa; --card: #ffffff;
          --brand: #0b4f8a; --brand-ink: #ffffff; --bad: #b42318; --good: #1a7f37; }
  body.nsdl { --brand: #6b2c91; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.5 system-ui, sans-serif; color: var(--ink); background: var(--page); }
  header { background: var(--brand); color: var(--brand-ink); padding: 12px 24px; font-weight: 600; letter-spacing: .02em; }
  main { max-width: 440px; margin: 32px auto; background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 24px; }
  h1 { font-size: 18px; margin: 0 0 8px; }
  p { margin: 0 0 16px; color: var(--muted); }
  table { width: 100%; border-collapse: collapse; margin-bottom: 16px; }
  th, td { text-align: left; padding: 6px 0; border-bottom: 1px solid var(--line); }
  th { color: var(--muted); font-weight: 500; width: 45%; }
  label { display: block; font-weight: 600; margin-bottom: 4px; }
  input { width: 100%; font-size: 18px; letter-spacing: .4em; padding: 8px; border: 1px solid var(--line); border-radius: 4px; }
  .actions { display: flex; gap: 12px; margin-top: 16px; }
  button, a.button { flex: 1; padding: 10px; font-weight: 600; border-radius: 4px; border: 1px solid var(--brand); cursor: pointer;
           text-align: center; text-decoration: none; }
  button[value=approve], button[value=otp], a.button { background: var(--brand); color: var(--brand-ink); }
  button[value=cancel] { background: var(--card); color: var(--brand); }
  .error { color: var(--bad); margin: 8px 0 0; }
  .flag-S { color: var(--good); } .flag-F, .flag-C { color: var(--bad); }
  .note { font-size: 12px; margin-top: 16px; }
`;

/** The depository site's page frame; `service` names the service in the title and header (e-DIS by default). */
export function layout(
  dpType: 'CDSL' | 'NSDL',
  body: string,
  script = '',
  service: { title: string; header: string } = {
    title: text.edisPageTitle(dpType),
    header: dpType === 'NSDL' ? 'NSDL e-DIS' : 'CDSL e-DIS',
  },
): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(service.title)}</title><style>${STYLE}</style></head>
<body class="${dpType === 'NSDL' ? 'nsdl' : 'cdsl'}">
<header>${escapeHtml(service.header)}</header>
<main>${body}</main>${script}
</body></html>`;
}

function details(r: EdisRequestView): string {
  return `<table>
  <tr><th scope="row">Client</th><td>${escapeHtml(r.clientName)}</td></tr>
  <tr><th scope="row">Scrip</th><td>${escapeHtml(r.symbol)} (${escapeHtml(r.exchange)})</td></tr>
  <tr><th scope="row">ISIN</th><td>${escapeHtml(r.isin)}</td></tr>
  <tr><th scope="row">Quantity</th><td>${escapeHtml(formatQuantity(r.quantity))}</td></tr>
  <tr><th scope="row">Trading day</th><td>${escapeHtml(r.tradingDay)}</td></tr>
</table>`;
}

/** The TPIN form, then (stage otp) the OTP form; `error` after a wrong TPIN or OTP. */
export function edisFormPage(r: EdisRequestView, error = ''): string {
  const action = `/depository/edis/${escapeHtml(r.requestNo)}`;
  const otp = r.stage === 'otp';
  const field = otp ? 'otp' : 'tpin';
  const described = error ? `aria-invalid="true" aria-describedby="${field}-error"` : '';
  return layout(
    r.dpType,
    `<h1>${escapeHtml(text.edisPageTitle(r.dpType))}</h1>
<p>${escapeHtml(otp ? text.edisPageOtpIntro : text.edisPageIntro)}</p>
${details(r)}
<form method="post" action="${action}">
  <label for="${field}">${escapeHtml(otp ? text.edisPageOtp : text.edisPageTpin)}</label>
  <input id="${field}" name="${field}" type="${otp ? 'text' : 'password'}" inputmode="numeric" autocomplete="one-time-code"
         maxlength="6" pattern="[0-9]{4,6}" ${described} autofocus>
  ${error ? `<p class="error" id="${field}-error" role="alert">${escapeHtml(error)}</p>` : ''}
  <div class="actions">
    <button type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(text.edisPageCancel)}</button>
    <button type="submit" name="action" value="${otp ? 'otp' : 'approve'}">${escapeHtml(otp ? text.edisPageVerify : text.edisPageApprove)}</button>
  </div>
</form>
<p class="note">${escapeHtml(text.edisPageValidity)}</p>`,
  );
}

/**
 * The answer page: the flag and message, a link back to the app, and the answer posted to the window that opened
 * the page (same origin only), as the depository's return to the broker.
 */
export function edisResultPage(r: EdisRequestView, flag: EdisFlag, message: string, returnUrl: string): string {
  const answer = JSON.stringify({
    type: 'edis-answer',
    Flag: flag,
    Message: message,
    requestId: r.requestNo,
  }).replaceAll('<', '\\u003c');
  return layout(
    r.dpType,
    `<h1 class="flag-${flag}">${escapeHtml(message)}</h1>
${details(r)}
<div class="actions"><a class="button" href="${escapeHtml(returnUrl)}">${escapeHtml(text.edisPageBack)}</a></div>`,
    `<script>if (window.opener) window.opener.postMessage(${answer}, window.location.origin);</script>`,
  );
}

export function notFoundPage(): string {
  return layout('CDSL', `<h1>${escapeHtml(allCodes.POR006.message)}</h1>`);
}
