vcl 4.1;

# The request logic of the Varnish (7.1) in front of the storefront, shared by the two entry files
# beside it, which only name the backends:
#   - storefront.vcl: one shop instance;
#   - storefront-two-instances.vcl: two instances on this host, round robin (directors vmod);
#   - compose.vcl: the two instances of deploy/compose.yaml.
# Both include this file as "./storefront-rules.vcl" (relative to the including file), so keep the
# files together (e.g. in /etc/varnish). apt-get install -y varnish varnish-modules (xkey).
#
# The shop decides what is cacheable; this VCL only carries that decision out:
#   - cached pages answer `Cache-Control: public, max-age=0, s-maxage=<N>, stale-while-revalidate=<M>`,
#     a weak ETag, Last-Modified, and their cache tags in `xkey: <tag> <tag> ...` (Surrogate-Key too);
#   - personal pages and APIs answer `Cache-Control: private, no-store`;
#   - on publish the shop sends `PURGE` with `xkey-purge: <tags>` (or `BAN` for everything) here
#     (CDN_PURGE_URL, src/lib/server/publish/cdn-purge.ts).
#
# Start the shop with TRUST_PROXY=1 (one proxy: this one), so its rate limits see the clients, and
# with SHUTDOWN_DRAIN_MS=5000, so a stopping instance goes on answering until the probe below has
# taken it out of rotation. What differs between sites lives in the entry file and nowhere else: the
# backends (host and port of each instance) and the `purgers` ACL (who may purge), which it declares
# before including this file.

import std;
import xkey;

# Every backend is asked for readiness: an instance that is starting (migrations, indexes) or stopping
# (SIGTERM: /readyz answers 503 at once while the shop drains) gets no new requests. Two failed probes
# out of the last three take it out (about 2 s), two good ones bring it back.
probe readiness {
    .url = "/readyz";
    .expected_response = 200;
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    # Healthy when the VCL loads, as a backend without a probe would be: a restarted Varnish serves at
    # once instead of answering 503 until the first probes came back. A backend that is down is taken
    # out by its first two failed probes.
    .initial = 2;
}

sub vcl_recv {
    # The shop reads the client's address from the right end of X-Forwarded-For (TRUST_PROXY=1: this
    # Varnish is its one proxy). Varnish appends client.ip to whatever the client sent; replacing the
    # header instead means no client-written entry ever reaches the shop, so a client cannot pick its
    # own address for the shop's rate limits, even if the shop is told to trust more hops. Behind a
    # CDN or load balancer of your own, keep its entry instead and raise TRUST_PROXY to the hop count.
    set req.http.X-Forwarded-For = client.ip;

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(405, "Not allowed"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "xkey-purge header required"));
        }
        # A hard purge, not xkey.softpurge: a soft-purged page stays usable for grace, and a page
        # from before a publish must never be served again.
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged));
    }
    if (req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(405, "Not allowed"));
        }
        # Matches every object and uses obj.* only, so the ban lurker evicts in the background too;
        # a banned object is never delivered, not even as stale.
        if (std.ban("obj.status != 0")) {
            return (synth(200, "Banned"));
        }
        return (synth(500, "Ban failed: " + std.ban_error()));
    }

    # Only GET and HEAD are ever looked up (the builtin VCL would pipe unknown methods).
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }

    # APIs, personal pages and the editor workspace (/admin, which signs in with a cookie), under an
    # optional locale prefix (/en/my-account): always fetched, with the client's cookies. Any
    # two-letter prefix counts, so a new locale needs no VCL edit.
    if (req.url ~ "^/([a-z]{2}/)?(api|my-account|checkout|pay|order-payment|admin)(/|\?|$)") {
        return (pass);
    }

    # An editor's preview (a cookie the shop checks the signature of) is rendered with drafts, for that
    # editor only: fetched with its cookies, never cached.
    if (req.http.Cookie ~ "(^|;\s*)vsf-preview=") {
        return (pass);
    }

    # Every other page is the same for everybody: the shop renders it without reading cookies and
    # islands read theirs in the browser. Dropping the Cookie header lets logged-in shoppers (and
    # anyone with a consent or locale cookie) share the cached page; the builtin VCL would pass them.
    unset req.http.Cookie;

    # The shop's pages do not care about parameter order: one cached object per page, not per order.
    # Only here, after the passes: a payment provider's return URL reaches the shop exactly as sent.
    set req.url = std.querysort(req.url);
}

sub vcl_backend_response {
    if (beresp.status >= 500) {
        # A failing refresh in the background (stale-while-revalidate) keeps the stale page instead
        # of replacing it with the error; checked first, whatever headers the error page carries.
        if (bereq.is_bgfetch) {
            return (abandon);
        }
        call hit_for_miss;
    }
    # Say explicitly what the builtin VCL mostly does: the builtin ignores Cache-Control as soon as a
    # Surrogate-Control header is present, and a personal answer must never be shared whatever it carries.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)") {
        call hit_for_miss;
    }
    # Cache only what the shop declared cacheable. Varnish would otherwise keep a response without
    # Cache-Control or Expires for default_ttl, and such a page carries no tags, so no publish could
    # ever drop it.
    if (!beresp.http.Cache-Control && !beresp.http.Expires) {
        call hit_for_miss;
    }
    # TTL and grace come from the origin without VCL: Varnish takes beresp.ttl from s-maxage (ahead of
    # max-age=0, which is meant for browsers) and beresp.grace from stale-while-revalidate. The ETag
    # and Last-Modified stay on the object, so Varnish answers browsers' conditional requests with 304.
}

# The backend could not be reached (connection refused or reset, a timeout) or none is healthy. A GET
# or HEAD changes nothing, so it is tried once more: with two instances the director hands the retry
# to the other one, so an instance that died or restarted between two probes costs no failed request.
# Other methods are never retried: a POST whose connection broke may have been carried out.
sub vcl_backend_error {
    if (bereq.retries == 0 && (bereq.method == "GET" || bereq.method == "HEAD")) {
        return (retry);
    }
}

# Not stored, and remembered as such for a while so requests for it are not queued behind each other
# (request coalescing); a later cacheable answer for the same URL is stored normally (hit-for-miss,
# unlike hit-for-pass).
sub hit_for_miss {
    set beresp.ttl = 120s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
    return (deliver);
}

sub vcl_deliver {
    # Tags are for purging; clients have no use for them and they can be long.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    # s-maxage and stale-while-revalidate were addressed to this cache. Passed on, they would let a
    # proxy between Varnish and the browser keep the page, and no purge reaches that proxy; browsers
    # keep max-age=0 and revalidate with the ETag, which Varnish answers with 304.
    if (resp.http.Cache-Control ~ "(?i)(s-maxage|stale-while-revalidate)") {
        set resp.http.Cache-Control = regsuball(resp.http.Cache-Control,
            "(?i)(^|,)\s*(s-maxage|stale-while-revalidate)=\d+\s*", "");
        set resp.http.Cache-Control = regsub(resp.http.Cache-Control, "^\s*,\s*", "");
    }
    # HIT: from the cache (graced objects too); MISS: fetched now and stored; PASS: never stored.
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } else if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}

sub vcl_synth {
    # Purge answers are read by the shop's purge client and by operators with curl: plain text.
    if (req.method == "PURGE" || req.method == "BAN") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}
