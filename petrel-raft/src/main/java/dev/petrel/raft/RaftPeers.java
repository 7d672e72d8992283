package dev.petrel.raft;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The static membership of a Raft group, parsed from RocketMQ's {@code dLegerPeers} text
 * {@code n0-host:port;n1-host:port;...}. A peer id is one letter and a number ({@code n0}); the number is the node id
 * used inside the core and on the wire, as RocketMQ's broker reads the digits after the first character.
 */
public final class RaftPeers {

    private static final Pattern PEER = Pattern.compile("([A-Za-z])(\\d{1,6})-(.+):(\\d{1,5})");

    private final Map<Integer, Peer> peers;

    private RaftPeers(Map<Integer, Peer> peers) {
        this.peers = peers;
    }

    /**
     * One member.
     *
     * @param name   the id as written ({@code n0})
     * @param nodeId its number (0)
     */
    public record Peer(String name, int nodeId, String host, int port) {
    }

    /** Parses {@code dLegerPeers}; throws {@link IllegalArgumentException} naming the bad part. */
    public static RaftPeers parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("dLegerPeers is empty; expected n0-host:port;n1-host:port;...");
        }
        Map<Integer, Peer> peers = new LinkedHashMap<>();
        for (String part : text.split(";")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            Matcher m = PEER.matcher(p);
            if (!m.matches()) {
                throw new IllegalArgumentException("dLegerPeers entry '" + p + "' is not <letter><number>-<host>:<port>");
            }
            int id = Integer.parseInt(m.group(2));
            int port = Integer.parseInt(m.group(4));
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("dLegerPeers entry '" + p + "': port " + port + " is outside 1-65535");
            }
            Peer peer = new Peer(m.group(1) + m.group(2), id, m.group(3), port);
            if (peers.putIfAbsent(id, peer) != null) {
                throw new IllegalArgumentException("dLegerPeers names node number " + id + " twice");
            }
        }
        if (peers.isEmpty()) {
            throw new IllegalArgumentException("dLegerPeers names no peer");
        }
        return new RaftPeers(peers);
    }

    /** The node id of a peer name such as {@code n1} (RocketMQ's {@code dLegerSelfId}, {@code preferredLeaderId}). */
    public int nodeIdOf(String name) {
        String n = name == null ? "" : name.trim();
        for (Peer p : peers.values()) {
            if (p.name().equals(n)) {
                return p.nodeId();
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not one of the dLegerPeers " + names());
    }

    public Peer peer(int nodeId) {
        Peer p = peers.get(nodeId);
        if (p == null) {
            throw new IllegalArgumentException("node " + nodeId + " is not one of the dLegerPeers " + names());
        }
        return p;
    }

    /** Node ids in the order written. */
    public List<Integer> nodeIds() {
        return List.copyOf(peers.keySet());
    }

    private List<String> names() {
        List<String> names = new ArrayList<>();
        peers.values().forEach(p -> names.add(p.name()));
        return names;
    }
}
