package dev.petrel.remoting;

import java.nio.channels.ClosedChannelException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/** Turns a failed TLS handshake into one line a person can act on. */
final class TlsFailures {

    private TlsFailures() {
    }

    static boolean isTls(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SSLException) {
                return true;
            }
        }
        return false;
    }

    static String describe(Throwable t) {
        String root = rootMessage(t);
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof CertPathValidatorException || c instanceof CertPathBuilderException) {
                return "the peer's certificate is not trusted (check tls.client.trustCertPath / "
                    + "tls.server.trustCertPath): " + root;
            }
            if (c instanceof ClosedChannelException) {
                return "the peer closed the connection during the handshake (does it serve TLS? its "
                    + "tls.server.mode; or it requires a client certificate: tls.client.certPath)";
            }
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof CertificateException) {
                return "the peer's certificate was refused: " + root;
            }
        }
        if (t instanceof SSLHandshakeException || isTls(t)) {
            return root;
        }
        return String.valueOf(t);
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getClass().getSimpleName() + ": " + c.getMessage();
    }
}
