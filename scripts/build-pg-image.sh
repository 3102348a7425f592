#!/usr/bin/env bash
# Makes the PostgreSQL image the fleet's tests start through Testcontainers
# (docs/fleet.md) from Debian's postgresql-15, since no registry can be
# reached: mmdebstrap a minimal bookworm with it, add a start script, then
# `docker import`. A test image: the script makes a cluster whose superuser
# is fsnbot with the password the container is given (FSNBOT_PG_PASSWORD;
# there is no default, and the container will not start without one), a
# database fsnbot, scram-sha-256 logins, max_connections from
# FSNBOT_PG_MAX_CONNECTIONS (default 200), and, when a certificate and key
# are mounted at /tls (server.crt, server.key), TLS only (hostssl), which
# the tests use to hold sslmode=verify-full. It listens on every address of
# its container's own network (the port is mapped to the host). Production
# fleets use Debian's postgresql-15 with the roles docs/fleet.md makes.
# Skips when the image is there; needs a running Docker.
set -euo pipefail
image=${1:-fsnbot-postgres:bookworm-3}
if docker image inspect "$image" >/dev/null 2>&1; then
	echo "build-pg-image: $image is there"
	exit 0
fi
tar=$(mktemp --suffix=.tar)
start_script=$(mktemp)
trap 'rm -f "$tar" "$start_script"' EXIT
cat >"$start_script" <<'SCRIPT'
#!/bin/sh
set -eu
bin=/usr/lib/postgresql/15/bin
data=/var/lib/postgresql/fsnbot
mkdir -p "$data" /run/postgresql
chown postgres:postgres "$data" /run/postgresql
: "${FSNBOT_PG_PASSWORD:?this test image has no default password: give the container FSNBOT_PG_PASSWORD}"
# A restarted container (the fleet's outage drill stops the server and
# starts it again) keeps its cluster.
if [ ! -f "$data/PG_VERSION" ]; then
	pw=$(mktemp)
	printf '%s\n' "$FSNBOT_PG_PASSWORD" >"$pw"
	chown postgres "$pw"
	runuser -u postgres -- "$bin/initdb" -D "$data" -U fsnbot --pwfile="$pw" --auth-local=trust \
		--auth-host=scram-sha-256 >/dev/null
	rm -f "$pw"
	if [ -f /tls/server.crt ] && [ -f /tls/server.key ]; then
		install -o postgres -m 0644 /tls/server.crt "$data/server.crt"
		install -o postgres -m 0600 /tls/server.key "$data/server.key"
		printf "ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n" >>"$data/postgresql.conf"
		echo "hostssl all all 0.0.0.0/0 scram-sha-256" >>"$data/pg_hba.conf"
	else
		echo "host all all 0.0.0.0/0 scram-sha-256" >>"$data/pg_hba.conf"
	fi
	printf "listen_addresses = '*'\nmax_connections = %s\n" "${FSNBOT_PG_MAX_CONNECTIONS:-200}" \
		>>"$data/postgresql.conf"
	echo "CREATE DATABASE fsnbot OWNER fsnbot" | runuser -u postgres -- "$bin/postgres" --single -D "$data" \
		postgres >/dev/null
fi
# postgres itself is the container's first process, so a signal to the
# container reaches it: SIGINT is its fast shutdown (sessions end at once).
exec setpriv --reuid=postgres --regid=postgres --init-groups -- "$bin/postgres" -D "$data"
SCRIPT
start=$(date +%s)
# No mirror given: mmdebstrap takes the host's apt sources.
mmdebstrap --quiet --variant=apt --aptopt='APT::Install-Recommends "false"' --include=postgresql-15 \
	--customize-hook="upload $start_script /usr/local/bin/fsnbot-postgres" \
	--customize-hook='chmod 755 "$1/usr/local/bin/fsnbot-postgres"' \
	bookworm "$tar"
docker import --change 'CMD ["/usr/local/bin/fsnbot-postgres"]' --change 'EXPOSE 5432' "$tar" "$image" >/dev/null
echo "build-pg-image: $image made in $(($(date +%s) - start)) s ($(du -m "$tar" | cut -f1) MB)"
