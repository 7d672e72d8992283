package dev.petrel.admin.cli;

import dev.petrel.admin.AdminClient;
import dev.petrel.client.ClientConfig;

import java.io.PrintStream;
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
            admin = open(new AdminClient(namesrvAddr(), CALL_TIMEOUT));
        }
        return admin;
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
