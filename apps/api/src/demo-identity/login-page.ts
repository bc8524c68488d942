/** The demonstration identity server's pages: plain HTML, labelled fields, no script but the sign-out's one submit. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `<style>
  body { font-family: system-ui, sans-serif; background: #f1f3f5; color: #212529; margin: 0; }
  main { max-width: 360px; margin: 10vh auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; border: 1px solid #868e96; border-radius: 4px; }
  button { margin-top: 1.5rem; width: 100%; padding: .6rem; font-size: 1rem; background: #1864ab; color: #fff; border: 0; border-radius: 4px; }
  .error { color: #c92a2a; font-weight: 600; }
  .hint { color: #495057; font-size: .875rem; }
</style>`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${STYLE}
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`;
}

export function loginPage(input: { action: string; username?: string; error?: string }): string {
  const error = input.error ? `<p role="alert" class="error">${escapeHtml(input.error)}</p>` : '';
  return page(
    'Company sign-in',
    `<p class="hint">Demonstration identity server: the demo accounts and their password.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(input.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** The sign-out question; `form` is oidc-provider's hidden form (its XSRF field), the button submits it. */
export function signOutPage(form: string): string {
  return page(
    'Company sign-out',
    `<p>Sign out of the company sign-in as well?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  );
}

/**
 * The sign-out the application asked for with its ID token: the form (answering yes) is submitted as the page loads,
 * as oidc-provider's own form-post pages are, with a button for a browser that runs no script.
 */
export function signingOutPage(form: string): string {
  const answered = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return page(
    'Company sign-out',
    `<p>Signing you out…</p>
${answered}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
<script>document.getElementById('op.logoutForm').submit();</script>`,
  );
}
