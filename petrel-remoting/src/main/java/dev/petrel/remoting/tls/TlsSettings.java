package dev.petrel.remoting.tls;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The TLS values a context is built from: a component's {@link TlsConfig} keys with the {@code tls.config.file}
 * overlay applied. Immutable; {@link #toString()} shows no password.
 *
 * @param configFile the overlay file, or null when it did not exist
 */
public record TlsSettings(Path configFile, boolean testMode, ClientAuthMode needClientAuth, String serverKeyPath,
                          String serverKeyPassword, String serverCertPath, boolean serverAuthClient,
                          String serverTrustCertPath, String clientKeyPath, String clientKeyPassword,
                          String clientCertPath, boolean clientAuthServer, String clientTrustCertPath) {

    /**
     * Reads {@code config}'s TLS keys and, when the file named by {@code tls.config.file} exists, its values on top.
     *
     * @throws ConfigException the overlay file cannot be read or holds a bad value (the message names the file
     *                         and key, never a password)
     */
    public static TlsSettings resolve(Config config) {
        Properties overlay = new Properties();
        Path file = Path.of(config.get(TlsConfig.TLS_CONFIG_FILE));
        boolean present = Files.isRegularFile(file);
        if (present) {
            try (InputStream in = Files.newInputStream(file)) {
                overlay.load(in);
            } catch (IOException | IllegalArgumentException e) {
                throw new ConfigException("cannot read " + TlsConfig.TLS_CONFIG_FILE.name() + " " + file + ": " + e);
            }
        }
        return new TlsSettings(present ? file : null,
            value(config, overlay, file, TlsConfig.TLS_TEST_MODE_ENABLE),
            value(config, overlay, file, TlsConfig.TLS_SERVER_NEED_CLIENT_AUTH),
            blankToNull(value(config, overlay, file, TlsConfig.TLS_SERVER_KEY_PATH)),
            blankToNull(value(config, overlay, file, TlsConfig.TLS_SERVER_KEY_PASSWORD)),
            blankToNull(value(config, overlay, file, TlsConfig.TLS_SERVER_CERT_PATH)),
            value(config, overlay, file, TlsConfig.TLS_SERVER_AUTH_CLIENT),
            blankToNull(value(config, overlay, file, TlsConfig.TLS_SERVER_TRUST_CERT_PATH)),
            blankToNull(value(config, overlay, file, TlsConfig.TLS_CLIENT_KEY_PATH)),
            blankToNull(value(config, overlay, file, TlsConfig.TLS_CLIENT_KEY_PASSWORD)),
            blankToNull(value(config, overlay, file, TlsConfig.TLS_CLIENT_CERT_PATH)),
            value(config, overlay, file, TlsConfig.TLS_CLIENT_AUTH_SERVER),
            blankToNull(value(config, overlay, file, TlsConfig.TLS_CLIENT_TRUST_CERT_PATH)));
    }

    private static <T> T value(Config config, Properties overlay, Path file, ConfigKey<T> key) {
        String raw = overlay.getProperty(key.name());
        if (raw == null) {
            return config.get(key);
        }
        try {
            return key.parse(raw.trim());
        } catch (ConfigException e) {
            throw new ConfigException(key.isSecret() ? "property " + key.name() + " in " + file + " is malformed"
                : e.getMessage() + " (read from " + file + ")");
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    /** True when the server has its own key and certificate (otherwise only test mode can serve TLS). */
    public boolean hasServerKeyPair() {
        return serverKeyPath != null && serverCertPath != null;
    }

    /**
     * The files a context built from these settings depends on, the overlay file included: a change to any of them
     * means the context should be built again.
     */
    public List<Path> serverFiles(Path overlayFile) {
        List<Path> files = new ArrayList<>();
        addIfSet(files, serverKeyPath);
        addIfSet(files, serverCertPath);
        if (serverAuthClient) {
            addIfSet(files, serverTrustCertPath);
        }
        files.add(overlayFile);
        return files;
    }

    /** As {@link #serverFiles}, for a client context. */
    public List<Path> clientFiles(Path overlayFile) {
        List<Path> files = new ArrayList<>();
        addIfSet(files, clientKeyPath);
        addIfSet(files, clientCertPath);
        if (clientAuthServer) {
            addIfSet(files, clientTrustCertPath);
        }
        files.add(overlayFile);
        return files;
    }

    private static void addIfSet(List<Path> files, String path) {
        if (path != null) {
            files.add(Path.of(path));
        }
    }

    @Override
    public String toString() {
        return "TlsSettings[configFile=" + configFile + ", testMode=" + testMode + ", needClientAuth=" + needClientAuth
            + ", serverKeyPath=" + serverKeyPath + ", serverKeyPassword=" + redacted(serverKeyPassword)
            + ", serverCertPath=" + serverCertPath + ", serverAuthClient=" + serverAuthClient
            + ", serverTrustCertPath=" + serverTrustCertPath + ", clientKeyPath=" + clientKeyPath
            + ", clientKeyPassword=" + redacted(clientKeyPassword) + ", clientCertPath=" + clientCertPath
            + ", clientAuthServer=" + clientAuthServer + ", clientTrustCertPath=" + clientTrustCertPath + "]";
    }

    private static String redacted(String secret) {
        return secret == null ? "" : ConfigKey.REDACTED;
    }
}
