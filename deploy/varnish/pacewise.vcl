# Varnish (7.x) in front of a self-hosted Pacewise (`next start`), as its shared cache.
#
# Run:   SITE_URL=https://pacewise.example TRUSTED_PROXY_HOPS=1 npm start      (next start on :3000)
#        varnishd -F -a http=:80 -a tls=127.0.0.1:8443 -f /path/to/deploy/varnish/pacewise.vcl -s malloc,256m
# TLS terminates in front of Varnish (hitch, nginx, Caddy...), which forwards the decrypted requests
# to the socket named `tls` (loopback only; add `,PROXY` for hitch). Varnish names the scheme
# itself from the socket a request arrived on: X-Forwarded-Proto is `https` on `tls` and `http`
# everywhere else, whatever the client sent. Each proxy that appends to X-Forwarded-For (Varnish
# does) counts in TRUSTED_PROXY_HOPS. Edit the backend below to where `next start` listens.
# tests/integration/site/shared-cache.test.ts runs this file in front of `next start` in CI.
#
# What it does beyond Varnish's built-in rules (which still run after these subroutines):
# - HTML and Markdown of one URL are kept apart: Accept is reduced to three buckets (HTML,
#   Markdown, Markdown only) before lookup, so the origin's `Vary: Accept` is honoured without a
#   copy per browser's Accept string, and the bucket is also part of the key.
# - The scheme is part of the key too: the origin adds Strict-Transport-Security only to https
#   answers, so a plain-HTTP request must never store the copy an https visitor then gets (it
#   would strip HSTS from every https visitor for the page's whole s-maxage).
# - Freshness comes from the origin: s-maxage (TTL) and stale-while-revalidate (grace: a stale
#   copy is served while one background fetch refreshes it). Varnish sets Age itself.
# - Nothing signed in is stored: requests with a Cookie or Authorization, and answers with
#   Set-Cookie, private, no-store or no-cache, go to the origin every time.
# - /mcp, OAuth endpoints, sign-in and account pages, and every method but GET and HEAD are passed.
# - Marketing parameters (utm_*, gclid, fbclid) are dropped and the query is sorted, so links
#   shared with them hit the page's one copy.
# - The access log never holds a capability URL: vcl_recv logs the URL with the calendar feed's
#   secret and a signed workout link's signature cut out (as lib/web/redact.ts and the nginx example
#   do), and deploy/varnish/varnishncsa.format prints that instead of the request's own URL:
#     varnishncsa -f /path/to/deploy/varnish/varnishncsa.format -a -w /var/log/varnish/pacewise.log
#   Do not log with varnishncsa's default format or in backend mode (-b): both print the URL as sent.
#   The raw shared-memory log (varnishlog) still holds it for a moment, readable only by root and the
#   varnish group.
vcl 4.1;

import std;

backend default {
    .host = "127.0.0.1";
    .port = "3000";
}

sub vcl_recv {
    # The scheme, from the socket (never the client's header): see the Run line above.
    if (local.socket == "tls") {
        set req.http.X-Forwarded-Proto = "https";
    } else {
        set req.http.X-Forwarded-Proto = "http";
    }
    # The URL as the access log may show it (varnishncsa.format prints this record).
    std.log("pacewise-url:" + regsuball(regsub(req.url, "(?i)^(/api/calendar/)[^/?#]+", "\1[redacted]"), "(?i)([?&]sig=)[^&#]*", "\1[redacted]"));
    # Only GET and HEAD are ever answered from the cache; the rest (POST, PUT, TRACE...) go to the
    # origin, which answers them (405 where it serves no such method).
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The MCP endpoint, OAuth (authorization server endpoints and metadata), site sign-in and the
    # signed-in pages: per request, never stored.
    # Case-insensitive, like the app's routing (proxy.ts answers other spellings of these paths with a 404).
    if (req.url ~ "(?i)^/(mcp|api/mcp|api/oidc|api/auth|register|authorize|token|device_authorization|revoke|\.well-known/oauth-)" ||
        req.url ~ "(?i)^/(interaction|device|sign-in|sign-up|sign-out|account|checkout)(/|\?|$)") {
        return (pass);
    }
    # Next's hashed assets carry no per-user content: cookies are not sent for them.
    if (req.url ~ "^/_next/static/") {
        unset req.http.Cookie;
    }
    # Signed in (session cookie) or any credentials: never from, never into the cache.
    if (req.http.Authorization || req.http.Cookie) {
        return (pass);
    }

    # Marketing parameters do not change a page.
    if (req.url ~ "[?&](utm_[a-z]+|gclid|fbclid|mc_eid)=") {
        set req.url = regsuball(req.url, "(?<=[?&])(utm_[a-z]+|gclid|fbclid|mc_eid)=[^&]*&?", "");
        set req.url = regsub(req.url, "[?&]+$", "");
    }
    set req.url = std.querysort(req.url);

    # Accept -> one of three canonical values, the same rule the origin applies (lib/markdown/accept.ts)
    # for the common cases: Markdown when text/markdown (or text/x-markdown) is named with no q or a
    # q of 1 and text/html is absent, has a lower q or comes later; "Markdown only" when neither text/html, text/*
    # nor */* is acceptable (a page with no Markdown twin then answers 406).
    if (req.url ~ "^/_next/" ) {
        unset req.http.Accept;
    } elsif ((req.http.Accept ~ "(?i)text/(x-)?markdown(?![^,]*;\s*q=0)" && req.http.Accept !~ "(?i)text/html(?![^,]*;\s*q=0)") ||
             req.http.Accept ~ "(?i)^\s*text/(x-)?markdown(?![^,]*;\s*q=0)") {
        if (req.http.Accept ~ "(?i)(text/html|text/\*|\*/\*)(?![^,]*;\s*q=0(\.0*)?\s*(,|;|$))") {
            set req.http.Accept = "text/markdown, text/html;q=0.1";
        } else {
            set req.http.Accept = "text/markdown";
        }
    } else {
        set req.http.Accept = "text/html,application/xhtml+xml,*/*;q=0.8";
    }
}

sub vcl_hash {
    # The bucket is part of the key, so the variants stay apart even behind an origin that forgot Vary.
    hash_data(req.http.Accept);
    # http and https copies apart (HSTS is on the https one only).
    hash_data(req.http.X-Forwarded-Proto);
}

sub vcl_backend_response {
    # Answers that set a cookie, or are private, no-store or no-cache: not stored (the built-in rule
    # marks them hit-for-miss). The built-in rule reads the TTL from s-maxage (else max-age) and the
    # grace from stale-while-revalidate; without the latter, a short grace only.
    if (beresp.http.Cache-Control !~ "stale-while-revalidate") {
        set beresp.grace = 10s;
    }
    # Errors are kept briefly at most, so a fixed page shows up at once.
    if (beresp.status >= 500) {
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
}

sub vcl_deliver {
    # Whether this answer came from the cache, for operators (Age says how old it is).
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
