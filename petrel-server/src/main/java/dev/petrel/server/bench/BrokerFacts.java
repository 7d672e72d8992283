package dev.petrel.server.bench;

import dev.petrel.common.json.JsonCodec;

/**
 * What a benchmark script recorded about one life of a broker process (from its start to its stop), as one JSON line
 * of the brokers file {@code petrel bench report} reads. bench/e2e.sh writes these.
 *
 * @param label        which broker ({@code petrel}, {@code apache}), as the results' {@code --label}
 * @param round        which part of the script's matrix the broker served (e.g. the body size)
 * @param readyMs      from starting the process to its ready line ("Petrel broker ready", Apache's "boot success")
 * @param registeredMs from starting the process to the NameServer logging its registration (clients can route to it)
 * @param vmHwmKb      the resident peak (VmHWM) just before it was stopped
 * @param cpuMillis    CPU time (user + system) of the whole life
 */
record BrokerFacts(String label, String round, Long readyMs, Long registeredMs, Long vmHwmKb, Double cpuMillis) {

    static BrokerFacts parse(String json) {
        return JsonCodec.standard().decode(json, BrokerFacts.class);
    }
}
