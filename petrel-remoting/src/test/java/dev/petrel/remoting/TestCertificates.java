package dev.petrel.remoting;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Certificate authorities and the certificates they issue, made at test time (EC P-256, quick to generate) and
 * written as PEM under a test's temporary directory; no private key is ever committed. BouncyCastle is used only to
 * build and write them; the JDK's own providers do the cryptography (BouncyCastle's only encrypts a key, as an instance: it is never
 * registered as a provider).
 */
final class TestCertificates {

    private static final AtomicLong SERIALS = new AtomicLong(System.nanoTime());

    private TestCertificates() {
    }

    /** A key pair and its certificate, as PEM files. */
    record Issued(KeyPair keys, X509Certificate certificate) {

        /** Writes {@code <name>.key} (PKCS#8, encrypted when {@code password} is not null) and {@code <name>.pem}. */
        Files2 write(Path dir, String name, String password) {
            Path key = dir.resolve(name + ".key");
            Path cert = dir.resolve(name + ".pem");
            writePem(key, pkcs8(keys, password));
            writePem(cert, certificate);
            return new Files2(key, cert);
        }
    }

    /** The written key and certificate files. */
    record Files2(Path key, Path cert) {
    }

    /** A CA that signs server and client certificates. */
    record Authority(Issued self) {

        Issued issue(String commonName) {
            return TestCertificates.issue(commonName, newKeys(), self, false);
        }

        /** The CA's certificate, as a trust file. */
        Path writeTrust(Path file) {
            writePem(file, self.certificate());
            return file;
        }
    }

    static Authority authority(String commonName) {
        KeyPair keys = newKeys();
        return new Authority(issue(commonName, keys, null, true));
    }

    private static Issued issue(String commonName, KeyPair keys, Issued issuer, boolean ca) {
        try {
            Instant now = Instant.now();
            X500Name subject = new X500Name("CN=" + commonName + ",O=Petrel tests");
            X500Name issuerName = issuer == null ? subject
                : X500Name.getInstance(issuer.certificate().getSubjectX500Principal().getEncoded());
            X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(issuerName,
                BigInteger.valueOf(SERIALS.incrementAndGet()), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(2))), subject, keys.getPublic());
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
            b.addExtension(Extension.keyUsage, true, ca ? new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign)
                : new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
            KeyPair signer = issuer == null ? keys : issuer.keys();
            X509Certificate cert = new JcaX509CertificateConverter().getCertificate(
                b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer.getPrivate())));
            return new Issued(keys, cert);
        } catch (IOException | GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make a test certificate", e);
        }
    }

    private static KeyPair newKeys() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** PKCS#8 PEM ({@code BEGIN PRIVATE KEY}, or {@code BEGIN ENCRYPTED PRIVATE KEY} with PBES2 / AES-256). */
    private static JcaPKCS8Generator pkcs8(KeyPair keys, String password) {
        try {
            return new JcaPKCS8Generator(keys.getPrivate(), password == null ? null
                : new JceOpenSSLPKCS8EncryptorBuilder(JcaPKCS8Generator.AES_256_CBC)
                    .setProvider(new BouncyCastleProvider()).setPassword(password.toCharArray()).build());
        } catch (OperatorCreationException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void writePem(Path file, Object value) {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter pem = new JcaPEMWriter(text)) {
            pem.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            // Written to a temporary name and moved, as a deployment replaces certificates.
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName().toString(), ".tmp");
            Files.writeString(tmp, text.toString());
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
