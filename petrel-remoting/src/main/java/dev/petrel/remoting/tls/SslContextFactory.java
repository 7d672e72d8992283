package dev.petrel.remoting.tls;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLException;

/**
 * Builds Netty {@link SslContext}s from {@link TlsSettings}, always with the JDK's TLS (no native library), which is
 * also what RocketMQ's client uses. Host names are never checked, as in RocketMQ (servers are addressed by the IPs
 * they register); a checking client checks the certificate chain against its trusted CAs.
 */
public final class SslContextFactory {

    private SslContextFactory() {
    }

    /** What a server context was built from, for the log line (no secret). */
    public record Built(SslContext context, String description) {
    }

    /**
     * A server context: the configured key and certificate chain or, in test mode without them, a self-signed
     * certificate (made with the JDK's keytool, which takes a second or so).
     */
    public static Built server(TlsSettings s) throws TlsSetupException {
        SslContextBuilder builder;
        String identity;
        ClientAuth clientAuth = clientAuth(s.needClientAuth());
        if (s.serverKeyPath() != null || s.serverCertPath() != null) {
            if (!s.hasServerKeyPair()) {
                throw new TlsSetupException("set both " + TlsConfig.TLS_SERVER_KEY_PATH.name() + " and "
                    + TlsConfig.TLS_SERVER_CERT_PATH.name() + " (only one is set)");
            }
            Path keyFile = Path.of(s.serverKeyPath());
            Path certFile = Path.of(s.serverCertPath());
            PrivateKey key = PemFiles.privateKey(keyFile, s.serverKeyPassword());
            X509Certificate[] chain = PemFiles.certificates(certFile);
            PemFiles.checkPair(key, chain[0], keyFile, certFile);
            builder = SslContextBuilder.forServer(key, chain);
            identity = describe(chain[0]) + " from " + certFile;
        } else if (s.testMode()) {
            SelfSignedCertificate selfSigned;
            try {
                selfSigned = new SelfSignedCertificate("petrel.test");
            } catch (CertificateException e) {
                throw new TlsSetupException("cannot make the self-signed test certificate (" + e.getMessage()
                    + "); set " + TlsConfig.TLS_SERVER_CERT_PATH.name() + " and " + TlsConfig.TLS_SERVER_KEY_PATH.name(), e);
            }
            builder = SslContextBuilder.forServer(selfSigned.key(), selfSigned.cert());
            identity = "a self-signed test certificate (" + TlsConfig.TLS_TEST_MODE_ENABLE.name() + ")";
            selfSigned.delete();
            if (clientAuth == ClientAuth.NONE) {
                clientAuth = ClientAuth.OPTIONAL; // RocketMQ's test mode asks clients for certificates optionally
            }
        } else {
            throw new TlsSetupException("TLS is on (" + TlsConfig.TLS_SERVER_MODE.name() + " is not disabled) but "
                + "there is no certificate: set " + TlsConfig.TLS_SERVER_CERT_PATH.name() + " and "
                + TlsConfig.TLS_SERVER_KEY_PATH.name() + ", or " + TlsConfig.TLS_TEST_MODE_ENABLE.name()
                + "=true for a self-signed one, or " + TlsConfig.TLS_SERVER_MODE.name() + "=disabled");
        }
        String trust = trust(builder, s.serverAuthClient(), s.serverTrustCertPath(),
            TlsConfig.TLS_SERVER_TRUST_CERT_PATH.name());
        builder.sslProvider(SslProvider.JDK).clientAuth(clientAuth);
        return new Built(build(builder), identity + ", client certificates " + clientAuth + ", " + trust);
    }

    /** A client context: trust per {@code tls.client.authServer}, and the client's key pair when configured. */
    public static Built client(TlsSettings s) throws TlsSetupException {
        // Netty 4.2 checks host names by default; RocketMQ never does (brokers are dialled at the IPs they register).
        SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(SslProvider.JDK)
            .endpointIdentificationAlgorithm(null);
        String identity = "no client certificate";
        if (s.clientKeyPath() != null || s.clientCertPath() != null) {
            if (s.clientKeyPath() == null || s.clientCertPath() == null) {
                throw new TlsSetupException("set both " + TlsConfig.TLS_CLIENT_KEY_PATH.name() + " and "
                    + TlsConfig.TLS_CLIENT_CERT_PATH.name() + " (only one is set)");
            }
            Path keyFile = Path.of(s.clientKeyPath());
            Path certFile = Path.of(s.clientCertPath());
            PrivateKey key = PemFiles.privateKey(keyFile, s.clientKeyPassword());
            X509Certificate[] chain = PemFiles.certificates(certFile);
            PemFiles.checkPair(key, chain[0], keyFile, certFile);
            builder.keyManager(key, chain);
            identity = "client certificate " + describe(chain[0]);
        }
        String trust = trust(builder, s.clientAuthServer(), s.clientTrustCertPath(),
            TlsConfig.TLS_CLIENT_TRUST_CERT_PATH.name());
        return new Built(build(builder), identity + ", " + trust);
    }

    private static String trust(SslContextBuilder builder, boolean check, String trustPath, String trustKey)
        throws TlsSetupException {
        if (!check) {
            builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
            return "peer certificates not checked";
        }
        if (trustPath == null) {
            return "peer certificates checked against the JDK's default CAs (" + trustKey + " not set)";
        }
        X509Certificate[] cas = PemFiles.certificates(Path.of(trustPath));
        builder.trustManager(cas);
        return "peer certificates checked against " + cas.length + " CA(s) from " + trustPath;
    }

    private static SslContext build(SslContextBuilder builder) throws TlsSetupException {
        try {
            return builder.build();
        } catch (SSLException e) {
            throw new TlsSetupException("cannot build the TLS context: " + e.getMessage(), e);
        }
    }

    private static ClientAuth clientAuth(ClientAuthMode mode) {
        return switch (mode) {
            case NONE -> ClientAuth.NONE;
            case OPTIONAL -> ClientAuth.OPTIONAL;
            case REQUIRE -> ClientAuth.REQUIRE;
        };
    }

    private static String describe(X509Certificate c) {
        return "'" + c.getSubjectX500Principal().getName() + "' (serial " + c.getSerialNumber().toString(16)
            + ", valid until " + c.getNotAfter().toInstant() + ")";
    }
}
