// The header of the prerendered pages is the same HTML for everyone. When the `pw_signed_in` hint
// cookie is there (set and cleared with the session cookie, see lib/auth/sessions.ts), show
// "Account" instead of "Sign in" / "Get started". The hint is no credential: /account still checks
// the real session, and a stale hint only means the Account link asks the visitor to sign in.
(function () {
  if (!/(?:^|;\s*)pw_signed_in=1(?:;|$)/.test(document.cookie)) return;
  var links = document.querySelectorAll('.site-header [data-session]');
  for (var i = 0; i < links.length; i++) links[i].hidden = links[i].getAttribute('data-session') !== 'signed-in';
})();
