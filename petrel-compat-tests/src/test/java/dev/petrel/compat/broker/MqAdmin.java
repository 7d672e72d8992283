package dev.petrel.compat.broker;

import org.apache.rocketmq.tools.command.MQAdminStartup;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs an {@code mqadmin} sub-command of rocketmq-tools 5.3.1 in this JVM, exactly as the script would (its
 * {@code MQAdminStartup.main0}), and returns what it printed. A command that fails prints its exception's stack trace to
 * stderr; that text is returned too, so assertions see it.
 */
public final class MqAdmin {

    private MqAdmin() {
    }

    public static String run(String... args) {
        return run(null, args);
    }

    /** As {@link #run(String...)}, signing with {@code hook} (what {@code conf/tools.yml} credentials give). */
    public static synchronized String run(org.apache.rocketmq.remoting.RPCHook hook, String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        System.setErr(capture);
        try {
            MQAdminStartup.main0(args, hook);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        String text = buffer.toString(StandardCharsets.UTF_8);
        out.println("$ mqadmin " + String.join(" ", args) + "\n" + text);
        return text;
    }
}
