package dev.petrel.server.launch;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every server subcommand takes, as RocketMQ's {@code mqnamesrv} and {@code mqbroker} scripts do. */
public final class LaunchOptions {

    @Option(names = "-c", paramLabel = "FILE",
        description = "Properties file with RocketMQ's property names (listenPort, namesrvAddr, brokerClusterName, ...).")
    Path configFile;

    @Option(names = "-n", paramLabel = "ADDR",
        description = "Name server address(es), host:port[;host:port]; overrides namesrvAddr from the file.")
    String namesrvAddr;

    @Option(names = "-p", description = "Print every property with its value, then exit.")
    boolean printConfig;

    public Path configFile() {
        return configFile;
    }

    public String namesrvAddr() {
        return namesrvAddr;
    }

    public boolean printConfig() {
        return printConfig;
    }
}
