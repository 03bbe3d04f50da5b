vcl 4.1;

# Varnish in front of the two shop instances of deploy/compose.yaml (services shop1 and shop2 at fixed
# addresses on the compose network), taking turns (round robin) among those the readiness probe finds healthy. The
# request logic is in storefront-rules.vcl; this file names the backends and who may purge.

import directors;

# Who may purge: the shop containers (CDN_PURGE_URL=http://varnish/), on the compose network's fixed
# subnet (compose.yaml). A purge from anywhere else would let strangers empty the cache.
acl purgers {
    "127.0.0.1";
    "::1";
    "172.28.0.0"/24;
}

include "./storefront-rules.vcl";

# The instances' fixed addresses on the compose network (compose.yaml): Varnish resolves a backend's
# host once, when the VCL loads, so a host name would keep pointing at a container that a new release
# replaced (and that may come back under another address).
backend shop1 {
    .host = "172.28.0.11";
    .port = "4321";
    .probe = readiness;
    .connect_timeout = 2s;
    # A page rendered on demand can take a while on a cold database; an error page is worse.
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 10s;
}

backend shop2 {
    .host = "172.28.0.12";
    .port = "4321";
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
