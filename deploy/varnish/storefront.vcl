vcl 4.1;

# Varnish in front of ONE shop instance. The request logic is in storefront-rules.vcl; this file says
# only where the shop is and who may purge.
#
# Run: varnishd -f /etc/varnish/storefront.vcl -a :80 -s malloc,1g
# (storefront-rules.vcl beside it). tests/helpers/varnish.ts rewrites the backend for the tests.

# Who may purge: the addresses the shop's purge requests come from (CDN_PURGE_URL). A purge from
# anywhere else would let strangers empty the cache (and load the shop).
acl purgers {
    "127.0.0.1";
    "::1";
}

include "./storefront-rules.vcl";

backend default {
    .host = "127.0.0.1";
    .port = "4321";
    .probe = readiness;
    .connect_timeout = 2s;
    # A page rendered on demand can take a while on a cold database; an error page is worse.
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 10s;
}
