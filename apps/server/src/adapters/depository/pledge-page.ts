import { formatQuantity, pledgeText } from '@kite/domain';
import type { GatewayView } from '../../modules/pledge/pledge-gateway.ts';
import { escapeHtml, layout } from './edis-page.ts';

/**
 * The simulated CDSL / NSDL margin pledge pages (market-facts.md 8), in the depository site's own look (edis-page.ts):
 * the securities, GENERATE OTP, then the OTP, and the answer. Every value is escaped.
 */

const text = pledgeText.gateway;

const EXTRA_STYLE = `<style>
  table.securities th { width: auto; }
  table.securities td.qty, table.securities th.qty { text-align: right; }
  .line-error { color: var(--bad); font-size: 12px; }
  button[value=send] { background: var(--brand); color: var(--brand-ink); }
</style>`;

const service = (dpType: 'CDSL' | 'NSDL') => ({ title: text.title(dpType), header: text.title(dpType) });

function details(v: GatewayView): string {
  const rows = v.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.symbol)}<br><small>${escapeHtml(i.isin)}</small>${
          i.message && v.status === 'FAILED' ? `<div class="line-error">${escapeHtml(i.message)}</div>` : ''
        }</td><td class="qty">${escapeHtml(formatQuantity(i.quantity))}</td></tr>`,
    )
    .join('');
  return `${EXTRA_STYLE}<table>
  <tr><th scope="row">${escapeHtml(text.demat)}</th><td>${escapeHtml(v.clientName)}<br>${escapeHtml(v.dematAcc)}</td></tr>
  <tr><th scope="row">${escapeHtml(text.reference)}</th><td>${escapeHtml(v.reference)}</td></tr>
</table>
<table class="securities">
  <thead><tr><th scope="col">${escapeHtml(text.security)}</th><th scope="col" class="qty">${escapeHtml(text.quantity)}</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`;
}

/** GENERATE OTP (stage send), then the OTP input (stage otp); `notice` after a send or a wrong OTP. */
export function pledgeFormPage(v: GatewayView, notice = '', isError = false): string {
  const action = `/depository/pledge/${escapeHtml(v.requestNo)}`;
  const otp = v.stage === 'otp';
  const described = isError ? 'aria-invalid="true" aria-describedby="otp-error"' : '';
  const noticeHtml = notice
    ? `<p ${isError ? 'class="error" id="otp-error" role="alert"' : 'role="status"'}>${escapeHtml(notice)}</p>`
    : '';
  return layout(
    v.dpType,
    `<h1>${escapeHtml(text.title(v.dpType))}</h1>
<p>${escapeHtml(text.intro)}</p>
${details(v)}
<form method="post" action="${action}">
  ${
    otp
      ? `<label for="otp">${escapeHtml(text.otp)}</label>
  <input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" ${described} autofocus>`
      : ''
  }
  ${noticeHtml}
  <div class="actions">
    <button type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(text.cancel)}</button>
    <button type="submit" name="action" value="${otp ? 'otp' : 'send'}">${escapeHtml(otp ? text.verify : text.sendOtp)}</button>
  </div>
</form>`,
    '',
    service(v.dpType),
  );
}

/**
 * The answer: CDSL links back to the app (the browser was redirected here); NSDL was opened beside the app, which
 * polls the status, so its page says the window may be closed.
 */
export function pledgeResultPage(v: GatewayView, approved: boolean, message: string, returnUrl: string): string {
  const back =
    v.dpType === 'CDSL'
      ? `<div class="actions"><a class="button" href="${escapeHtml(returnUrl)}">${escapeHtml(text.back)}</a></div>`
      : `<p class="note">${escapeHtml(text.closeWindow)}</p>`;
  return layout(
    v.dpType,
    `<h1 class="flag-${approved ? 'S' : 'F'}">${escapeHtml(message)}</h1>
${details(v)}
${back}`,
    '',
    service(v.dpType),
  );
}

/** The NSDL form refused before any page: the request is not the client's own (investing.md 8 wording). */
export function pledgeRefusedPage(message: string): string {
  return layout('NSDL', `<h1 class="flag-F">${escapeHtml(message)}</h1>`, '', service('NSDL'));
}
