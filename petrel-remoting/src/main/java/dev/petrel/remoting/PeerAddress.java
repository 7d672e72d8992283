package dev.petrel.remoting;

/** A {@code host:port} address as RocketMQ writes them ({@code [v6]:port} for IPv6 literals). */
record PeerAddress(String host, int port) {

    /** Parses {@code address}; null when it is not {@code host:port} with a port in 1..65535. */
    static PeerAddress parseOrNull(String address) {
        if (address == null) {
            return null;
        }
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            return null;
        }
        String host = address.substring(0, colon).trim();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
            return null;
        }
        return host.isEmpty() || port < 1 || port > 65535 ? null : new PeerAddress(host, port);
    }
}
