package dev.petrel.remoting.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Reads the PEM files TLS is configured with: X.509 certificate chains and PKCS#8 private keys, plain or encrypted
 * with a password (openssl's default PBES2 included), with the JDK alone. Errors name the file and what is wrong with
 * it, never the password.
 */
final class PemFiles {

    private static final Pattern BLOCK = Pattern.compile(
        "-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "Ed448", "DSA", "RSASSA-PSS");

    private PemFiles() {
    }

    /** The certificates in {@code file}, in file order (the leaf first, for a chain). */
    static X509Certificate[] certificates(Path file) throws TlsSetupException {
        try (InputStream in = Files.newInputStream(file)) {
            X509Certificate[] chain = CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
                .map(X509Certificate.class::cast).toArray(X509Certificate[]::new);
            if (chain.length == 0) {
                throw new TlsSetupException(file + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)");
            }
            return chain;
        } catch (IOException e) {
            throw new TlsSetupException("cannot read certificate file " + file + ": " + e, e);
        } catch (GeneralSecurityException e) {
            throw new TlsSetupException("certificate file " + file + " is not a PEM X.509 certificate: "
                + e.getMessage(), e);
        }
    }

    /** The private key in {@code file}; {@code password} only for an encrypted key. */
    static PrivateKey privateKey(Path file, String password) throws TlsSetupException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new TlsSetupException("cannot read private key file " + file + ": " + e, e);
        }
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            String type = m.group(1);
            byte[] der = Base64.getMimeDecoder().decode(m.group(2));
            switch (type) {
                case "PRIVATE KEY":
                    return decode(file, new PKCS8EncodedKeySpec(der));
                case "ENCRYPTED PRIVATE KEY":
                    if (password == null) {
                        throw new TlsSetupException("private key " + file + " is encrypted; set its keyPassword");
                    }
                    return decode(file, decrypt(file, der, password));
                case "RSA PRIVATE KEY":
                case "EC PRIVATE KEY":
                    throw new TlsSetupException("private key " + file + " is in the " + type + " format; convert it "
                        + "to PKCS#8: openssl pkcs8 -topk8 -nocrypt -in " + file.getFileName() + " -out key.pem");
                default:
                    // Parameters or other blocks may precede the key.
            }
        }
        throw new TlsSetupException(file + " holds no private key (expected PEM: -----BEGIN PRIVATE KEY-----)");
    }

    private static PKCS8EncodedKeySpec decrypt(Path file, byte[] der, String password) throws TlsSetupException {
        try {
            EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(der);
            // PBES2 (openssl's default) is named by its parameters, e.g. PBEWithHmacSHA256AndAES_256.
            String algorithm = info.getAlgParameters() == null ? info.getAlgName()
                : "PBES2".equals(info.getAlgName()) || info.getAlgName().startsWith("1.2.840.113549.1.5.13")
                    ? info.getAlgParameters().toString() : info.getAlgName();
            PBEKeySpec spec = new PBEKeySpec(password.toCharArray());
            Cipher cipher = Cipher.getInstance(algorithm);
            cipher.init(Cipher.DECRYPT_MODE, SecretKeyFactory.getInstance(algorithm).generateSecret(spec),
                info.getAlgParameters());
            spec.clearPassword();
            return info.getKeySpec(cipher);
        } catch (IOException | GeneralSecurityException e) {
            throw new TlsSetupException("cannot decrypt private key " + file + " (wrong keyPassword, or an "
                + "encryption the JDK lacks): " + e.getClass().getSimpleName(), e);
        }
    }

    private static PrivateKey decode(Path file, PKCS8EncodedKeySpec spec) throws TlsSetupException {
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException notThisOne) {
                // try the next algorithm
            }
        }
        throw new TlsSetupException("private key " + file + " is PKCS#8 but of no algorithm in " + KEY_ALGORITHMS);
    }

    /**
     * Fails unless {@code key} belongs to {@code certificate}: a key and certificate replaced one after the other
     * must not be served half-way (the handshake would fail for every client).
     */
    static void checkPair(PrivateKey key, X509Certificate certificate, Path keyFile, Path certFile)
        throws TlsSetupException {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "Ed448", "EdDSA" -> key.getAlgorithm();
            case "DSA" -> "SHA256withDSA";
            default -> null;
        };
        if (algorithm == null) {
            return;
        }
        try {
            byte[] probe = "petrel key pair check".getBytes(StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            PublicKey publicKey = certificate.getPublicKey();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(probe);
            if (!verifier.verify(signature)) {
                throw new TlsSetupException("private key " + keyFile + " does not belong to certificate " + certFile);
            }
        } catch (GeneralSecurityException e) {
            throw new TlsSetupException("private key " + keyFile + " does not belong to certificate " + certFile
                + ": " + e.getMessage(), e);
        }
    }
}
