vcl 4.1;

# Varnish in front of TWO shop instances on this host (deploy/systemd: storefront@4321 and
# storefront@4322), taking turns (round robin) among those the readiness probe finds healthy, so
# either can be restarted while the other serves. The request logic is in storefront-rules.vcl.
#
# Run: varnishd -f /etc/varnish/storefront-two-instances.vcl -a :80 -s malloc,1g
# tests/helpers/varnish.ts rewrites the ports for the tests.

import directors;

# Who may purge: the addresses the shop's purge requests come from (CDN_PURGE_URL). A purge from
# anywhere else would let strangers empty the cache (and load the shop).
acl purgers {
    "127.0.0.1";
    "::1";
}

include "./storefront-rules.vcl";

backend shop1 {
    .host = "127.0.0.1";
    .port = "4321";
    .probe = readiness;
    .connect_timeout = 2s;
    # A page rendered on demand can take a while on a cold database; an error page is worse.
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 10s;
}

backend shop2 {
    .host = "127.0.0.1";
    .port = "4322";
    .probe = readiness;
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 10s;
}

sub vcl_init {
    new shop = directors.round_robin();
    shop.add_backend(shop1);
    shop.add_backend(shop2);
}

# Chosen per fetch (not in vcl_recv), so a retry after a failed connection (storefront-rules.vcl,
# vcl_backend_error) goes to the next healthy instance.
sub vcl_backend_fetch {
    set bereq.backend = shop.backend();
}
