#!/usr/bin/env bash
# Makes a throw-away CA and a server and a client certificate signed by it, for trying TLS (docs/security.md, "TLS").
# Not for production: the keys are EC P-256, valid for 30 days, and nothing protects the CA key.
#
#   bin/make-test-certs.sh [dir]          # default dir: ./tls-test-certs
#   PETREL_KEY_PASSWORD=secret bin/make-test-certs.sh dir   # also server.enc.key / client.enc.key, encrypted
#
# Writes (PEM; keys PKCS#8, the form tls.server.keyPath / tls.client.keyPath read):
#   ca.pem ca.key                 the CA: tls.client.trustCertPath (clients), tls.server.trustCertPath (mutual TLS)
#   server.pem server.key         tls.server.certPath / tls.server.keyPath (CN petrel-server, IP 127.0.0.1, localhost)
#   client.pem client.key         tls.client.certPath / tls.client.keyPath (CN petrel-client), for mutual TLS
# Needs openssl 1.1.1 or newer (Debian: apt-get install openssl).
set -euo pipefail

dir=${1:-tls-test-certs}
days=${PETREL_CERT_DAYS:-30}
mkdir -p "$dir"
cd "$dir"
umask 077

ext=$(mktemp)
trap 'rm -f "$ext" server.csr client.csr' EXIT

key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
serial() { echo "0x$(openssl rand -hex 8)"; }

key ca.key
openssl req -x509 -new -key ca.key -out ca.pem -days "$days" -subj "/O=Petrel test/CN=Petrel test CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"

issue() { # name, common name, extended key usage, subject alternative names
  key "$1.key"
  openssl req -new -key "$1.key" -out "$1.csr" -subj "/O=Petrel test/CN=$2"
  printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyAgreement\nextendedKeyUsage=%s\n%s' \
    "$3" "$4" > "$ext"
  openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -set_serial "$(serial)" -days "$days" \
    -extfile "$ext" -out "$1.pem" 2>/dev/null
}
issue server petrel-server serverAuth "subjectAltName=IP:127.0.0.1,DNS:localhost"
issue client petrel-client clientAuth ""

if [[ -n "${PETREL_KEY_PASSWORD:-}" ]]; then
  for k in server client; do
    openssl pkcs8 -topk8 -in "$k.key" -out "$k.enc.key" -v2 aes-256-cbc -passout env:PETREL_KEY_PASSWORD
  done
fi
chmod 644 ./*.pem
echo "made in $(pwd): ca.pem server.pem server.key client.pem client.key${PETREL_KEY_PASSWORD:+ server.enc.key client.enc.key}"
