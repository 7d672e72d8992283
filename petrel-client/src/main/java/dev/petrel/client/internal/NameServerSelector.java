package dev.petrel.client.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Which NameServer to ask (remoting-frame.md §10): one at a time, starting at a random one, sticking to it while it
 * answers and moving round robin to the next when it fails. Thread-safe.
 */
public final class NameServerSelector {

    private final List<String> addresses;
    private int index;

    public NameServerSelector(List<String> addresses, int start) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("no NameServer address configured: set namesrvAddr (host:port;host:port)");
        }
        this.addresses = List.copyOf(addresses);
        this.index = Math.floorMod(start, addresses.size());
    }

    /** Parses RocketMQ's {@code namesrvAddr} text: addresses separated by {@code ;} (commas and spaces tolerated). */
    public static List<String> parse(String namesrvAddr) {
        List<String> out = new ArrayList<>();
        if (namesrvAddr == null) {
            return out;
        }
        for (String part : namesrvAddr.split("[;,\\s]+")) {
            String a = part.trim();
            if (!a.isEmpty()) {
                if (a.lastIndexOf(':') <= 0) {
                    throw new IllegalArgumentException("NameServer address '" + a + "' is not host:port");
                }
                if (!out.contains(a)) {
                    out.add(a);
                }
            }
        }
        return out;
    }

    public List<String> addresses() {
        return addresses;
    }

    /** The NameServer to use now. */
    public synchronized String current() {
        return addresses.get(index);
    }

    /** {@code address} failed: if it is still the current one, move to the next. */
    public synchronized void failed(String address) {
        if (addresses.get(index).equals(address)) {
            index = (index + 1) % addresses.size();
        }
    }

    /** The order to try for one call: the current one first, then the others round robin. */
    public synchronized List<String> attemptOrder() {
        List<String> order = new ArrayList<>(addresses.size());
        for (int i = 0; i < addresses.size(); i++) {
            order.add(addresses.get((index + i) % addresses.size()));
        }
        return order;
    }
}
