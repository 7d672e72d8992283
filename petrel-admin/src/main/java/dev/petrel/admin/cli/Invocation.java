package dev.petrel.admin.cli;

import dev.petrel.admin.AdminClient;
import dev.petrel.client.ClientBuilder;
import dev.petrel.client.ClientConfig;
import dev.petrel.protocol.auth.SessionCredentials;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One run of a command: its parsed flags, where output goes, and the admin client (connected on first use, so a
 * usage error never needs a server). Closes whatever the command opened. Used by the command's thread only.
 */
public final class Invocation implements AutoCloseable {

    private final ParsedArgs args;
    private final PrintStream out;
    private final Map<String, String> env;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private AdminClient admin;
    private SessionCredentials credentials;
    private boolean credentialsResolved;

    Invocation(ParsedArgs args, PrintStream out, Map<String, String> env) {
        this.args = args;
        this.out = out;
        this.env = env;
    }

    public ParsedArgs args() {
        return args;
    }

    /** For commands that print as they go (consume, clusterList -i); others return a {@link Report}. */
    public PrintStream out() {
        return out;
    }

    public boolean json() {
        return args.has("json");
    }

    /** {@code -n}, else $NAMESRV_ADDR, else system property {@code rocketmq.namesrv.addr} (as mqadmin). */
    public String namesrvAddr() {
        String addr = args.string("namesrvAddr");
        if (addr == null || addr.isBlank()) {
            addr = env.get("NAMESRV_ADDR");
        }
        if (addr == null || addr.isBlank()) {
            addr = ClientConfig.NAMESRV_ADDR.resolvedDefault(); // -Drocketmq.namesrv.addr, as the client reads it
        }
        if (addr == null || addr.isBlank()) {
            throw new UsageException("no NameServer address: give -n host:9876 (or set NAMESRV_ADDR)");
        }
        for (String one : addr.split(";")) {
            String a = one.trim();
            int colon = a.lastIndexOf(':');
            if (colon <= 0 || colon == a.length() - 1 || !a.substring(colon + 1).chars().allMatch(Character::isDigit)) {
                throw new UsageException("NameServer address '" + a + "' is not host:port (example: -n 127.0.0.1:9876)");
            }
        }
        return addr.trim();
    }

    /**
     * How long any one call of a command waits for its answer: admin calls, route look-ups and sends alike. A CLI run
     * makes a handful of calls once, so it waits longer than a client's 3 s control-call default rather than fail on a
     * busy broker or NameServer.
     */
    public static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    public AdminClient admin() {
        if (admin == null) {
            admin = open(new AdminClient(namesrvAddr(), CALL_TIMEOUT, credentials()));
        }
        return admin;
    }

    /** The environment variables of the access and secret key (the flags win over them). */
    public static final String ACCESS_KEY_VARIABLE = "PETREL_ACCESS_KEY";
    public static final String SECRET_KEY_VARIABLE = "PETREL_SECRET_KEY";

    /**
     * The ACL credentials every request of this run is signed with, or null for none. First {@code --access-key} and
     * {@code --secret-key}, else $PETREL_ACCESS_KEY and $PETREL_SECRET_KEY, else mqadmin's
     * {@code <home>/conf/tools.yml} (home: -Drocketmq.home.dir, else $ROCKETMQ_HOME, as mqadmin finds it). A flag or a
     * variable given without its partner is a usage error; a tools.yml without both keys gives none, as in mqadmin.
     */
    public SessionCredentials credentials() {
        if (!credentialsResolved) {
            credentials = resolveCredentials();
            credentialsResolved = true;
        }
        return credentials;
    }

    private SessionCredentials resolveCredentials() {
        String ak = args.string(Command.ACCESS_KEY.longName());
        String sk = args.string(Command.SECRET_KEY.longName());
        if (ak != null || sk != null) {
            return pair(ak, sk, "--" + Command.ACCESS_KEY.longName(), "--" + Command.SECRET_KEY.longName());
        }
        ak = env.get(ACCESS_KEY_VARIABLE);
        sk = env.get(SECRET_KEY_VARIABLE);
        if ((ak != null && !ak.isEmpty()) || (sk != null && !sk.isEmpty())) {
            return pair(ak, sk, "$" + ACCESS_KEY_VARIABLE, "$" + SECRET_KEY_VARIABLE);
        }
        String home = AdminToolConfig.ROCKETMQ_HOME.resolvedDefault(); // -Drocketmq.home.dir, as mqadmin
        if (home == null || home.isBlank()) {
            home = env.get("ROCKETMQ_HOME");
        }
        if (home == null || home.isBlank()) {
            return null;
        }
        Path file = Path.of(home, "conf", "tools.yml");
        try {
            if (Files.size(file) > ToolsYml.MAX_BYTES) {
                throw new UsageException(file + " is over " + ToolsYml.MAX_BYTES + " bytes; a tools.yml holds two "
                    + "keys (accessKey, secretKey)");
            }
            return ToolsYml.parse(Files.readAllBytes(file), file.toString());
        } catch (NoSuchFileException e) {
            return null; // mqadmin too goes on unsigned
        } catch (IOException e) {
            throw new UsageException("cannot read " + file + " (" + e.getMessage() + "): fix its permissions, or give "
                + "--access-key/--secret-key");
        }
    }

    private static SessionCredentials pair(String ak, String sk, String akName, String skName) {
        if (ak == null || ak.isBlank() || sk == null || sk.isBlank()) {
            throw new UsageException("give both " + akName + " and " + skName + " (non-blank), or neither");
        }
        return new SessionCredentials(ak, sk);
    }

    /**
     * {@code builder} with this run's NameServer address, credentials and call timeout: how commands make the
     * producers and consumers they need, so these sign their requests as the admin client does.
     */
    public <B extends ClientBuilder<B>> B client(B builder) {
        B b = builder.namesrvAddr(namesrvAddr())
            .set(ClientConfig.MQ_CLIENT_API_TIMEOUT, (int) CALL_TIMEOUT.toMillis());
        SessionCredentials c = credentials();
        return c == null ? b : b.credentials(c.accessKey(), c.secretKey());
    }

    /** Closes {@code resource} when the command ends. */
    public <T extends AutoCloseable> T open(T resource) {
        opened.add(resource);
        return resource;
    }

    @Override
    public void close() {
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (Exception ignored) {
                // closing after the answer was printed: nothing left to report to
            }
        }
        opened.clear();
    }
}
