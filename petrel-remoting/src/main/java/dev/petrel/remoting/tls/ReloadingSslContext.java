package dev.petrel.remoting.tls;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import io.netty.handler.ssl.SslContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TLS context new connections of one server or client get, rebuilt when the files it came from change.
 *
 * <p>{@link #checkForChanges()} runs on the endpoint's timer thread every {@code tlsFileCheckIntervalMillis}: it
 * hashes the key, certificate, trust and {@code tls.config.file} contents and, when the hash differs from the one in
 * use, builds a new context. Connections already open keep the context they were made with; new ones get the new
 * one. A new set that cannot be used (a key written before its certificate, a wrong password) leaves the old context
 * in place, is logged once per distinct problem and is tried again on the next check, so a half-finished replacement
 * is never served. Contents are hashed rather than modification times compared, because a copy can keep the old
 * time and a file system may count in whole seconds.
 *
 * <p>Threads: {@link #ready()} from I/O threads (a volatile read); {@link #checkForChanges()} from the timer thread
 * only. A server in test mode without a certificate makes its self-signed one when {@link #whenReady()} is first
 * called, on a thread of its own.
 */
public final class ReloadingSslContext {

    private static final Logger LOG = LoggerFactory.getLogger(ReloadingSslContext.class);

    private final String name;
    private final boolean server;
    private final Config base;
    private volatile SslContext current;
    private byte[] fingerprint;
    private String lastProblem;
    private CompletableFuture<SslContext> pending;

    private ReloadingSslContext(String name, boolean server, Config base) {
        this.name = name;
        this.server = server;
        this.base = base;
    }

    /**
     * The server context of {@code name} from {@code config}'s TLS keys, built now unless it is test mode's
     * self-signed one and {@code eager} is false (then it is made on first use: most servers in permissive mode never
     * see a TLS client, and making it costs a keytool run).
     *
     * @throws TlsSetupException the configured files cannot be used
     */
    public static ReloadingSslContext forServer(String name, Config config, boolean eager) throws TlsSetupException {
        ReloadingSslContext c = new ReloadingSslContext(name, true, config);
        TlsSettings settings = c.settings();
        c.fingerprint = c.hash(settings);
        if (eager || !c.selfSignedPending(settings)) {
            c.install(c.build(settings), "serving");
        }
        return c;
    }

    /** The client context of {@code name} from {@code config}'s TLS keys, built now. */
    public static ReloadingSslContext forClient(String name, Config config) throws TlsSetupException {
        ReloadingSslContext c = new ReloadingSslContext(name, false, config);
        TlsSettings settings = c.settings();
        c.fingerprint = c.hash(settings);
        c.install(c.build(settings), "using");
        return c;
    }

    /** The context for a new connection, building it here if it does not exist yet (a client's always does). */
    public SslContext current() throws TlsSetupException {
        SslContext c = current;
        if (c != null) {
            return c;
        }
        synchronized (this) {
            if (current == null) {
                install(build(settings()), "serving");
            }
            return current;
        }
    }

    /** The context for a new connection, or null while test mode's self-signed one is not made yet. */
    public SslContext ready() {
        return current;
    }

    /**
     * Completes with the context once it exists: at once when it does, otherwise when the self-signed certificate
     * is made, on a thread of its own ({@code petrel-<name>-tls-setup}, started once) so that no I/O thread waits
     * the second or more keytool takes. Fails with {@link TlsSetupException} when it cannot be made.
     */
    public synchronized CompletableFuture<SslContext> whenReady() {
        if (current != null) {
            return CompletableFuture.completedFuture(current);
        }
        if (pending == null) {
            CompletableFuture<SslContext> f = new CompletableFuture<>();
            pending = f;
            Thread setup = new Thread(() -> {
                try {
                    // Built outside this object's monitor: keytool takes seconds, and an I/O thread that meets the
                    // next ClientHello calls whenReady(), which must not wait for it (a peer that merely sends 0x16
                    // would stall every connection of that I/O thread; LiveServerFuzzTest's late client timed out).
                    // checkForChanges() builds nothing while the self-signed certificate is pending.
                    SslContextFactory.Built built = build(settings());
                    SslContext ready;
                    synchronized (this) {
                        if (current == null) {
                            install(built, "serving");
                        }
                        ready = current;
                    }
                    f.complete(ready);
                } catch (TlsSetupException e) {
                    f.completeExceptionally(e);
                }
                synchronized (this) {
                    pending = null; // a failure is tried again by the next TLS connection
                }
            }, "petrel-" + name + "-tls-setup");
            setup.setDaemon(true);
            setup.start();
        }
        return pending;
    }

    /**
     * Rebuilds the context when its files changed since it was built; returns true when a new one is in use. Never
     * throws: a problem is logged (once per distinct message) and the old context stays.
     */
    public synchronized boolean checkForChanges() {
        TlsSettings settings;
        byte[] now;
        try {
            settings = settings();
            now = hash(settings);
        } catch (TlsSetupException e) {
            problem(e.getMessage());
            return false;
        }
        if (Arrays.equals(now, fingerprint)) {
            return false;
        }
        if (current == null && selfSignedPending(settings)) {
            fingerprint = now; // still lazy: nothing built yet, nothing to replace
            return false;
        }
        try {
            SslContextFactory.Built built = build(settings);
            fingerprint = now;
            lastProblem = null;
            install(built, "reloaded; new connections get");
            return true;
        } catch (TlsSetupException e) {
            problem(e.getMessage() + "; new connections keep the previous TLS context until this is fixed");
            return false;
        }
    }

    /** True while a test-mode server without files has not yet made its self-signed certificate. */
    private boolean selfSignedPending(TlsSettings settings) {
        return server && settings.testMode() && settings.serverKeyPath() == null && settings.serverCertPath() == null;
    }

    private void problem(String message) {
        if (!message.equals(lastProblem)) {
            lastProblem = message;
            LOG.warn("{}: TLS files changed but cannot be used: {}", name, message);
        }
    }

    private void install(SslContextFactory.Built built, String verb) {
        current = built.context();
        LOG.info("{}: TLS {} {}", name, verb, built.description());
    }

    private SslContextFactory.Built build(TlsSettings settings) throws TlsSetupException {
        return server ? SslContextFactory.server(settings) : SslContextFactory.client(settings);
    }

    private TlsSettings settings() throws TlsSetupException {
        try {
            return TlsSettings.resolve(base);
        } catch (ConfigException e) {
            throw new TlsSetupException(e.getMessage(), e);
        }
    }

    private byte[] hash(TlsSettings settings) throws TlsSetupException {
        Path overlay = Path.of(base.get(TlsConfig.TLS_CONFIG_FILE));
        List<Path> files = server ? settings.serverFiles(overlay) : settings.clientFiles(overlay);
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path file : files) {
                digest.update(file.toString().getBytes(StandardCharsets.UTF_8));
                try {
                    digest.update(Files.readAllBytes(file));
                } catch (NoSuchFileException absent) {
                    digest.update((byte) 0);
                }
            }
            return digest.digest();
        } catch (IOException e) {
            throw new TlsSetupException("cannot read TLS file: " + e, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
