package dev.petrel.message;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * An address as it is stored in a record: 4 (IPv4) or 16 (IPv6) address bytes and an int port. Immutable; the
 * constructor copies the array.
 */
public final class Host {

    private final byte[] address;
    private final int port;

    public Host(byte[] address, int port) {
        if (address.length != 4 && address.length != 16) {
            throw new IllegalArgumentException("an address has 4 or 16 bytes, got " + address.length);
        }
        this.address = address.clone();
        this.port = port;
    }

    public static Host of(InetSocketAddress socketAddress) {
        InetAddress a = socketAddress.getAddress();
        if (a == null) {
            throw new IllegalArgumentException("unresolved address " + socketAddress);
        }
        return new Host(a.getAddress(), socketAddress.getPort());
    }

    /** Parses "a.b.c.d:port" (or an IPv6 literal followed by ":port"). */
    public static Host parse(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("expected host:port, got " + hostAndPort);
        }
        try {
            String h = hostAndPort.substring(0, colon);
            if (h.startsWith("[") && h.endsWith("]")) {
                h = h.substring(1, h.length() - 1);
            }
            return new Host(InetAddress.getByName(h).getAddress(), Integer.parseInt(hostAndPort.substring(colon + 1)));
        } catch (UnknownHostException | NumberFormatException e) {
            throw new IllegalArgumentException("expected host:port, got " + hostAndPort, e);
        }
    }

    public boolean isV6() {
        return address.length == 16;
    }

    /** Bytes this host takes in a record: address + 4-byte port. */
    public int storedLength() {
        return address.length + 4;
    }

    public int port() {
        return port;
    }

    /** A copy of the address bytes. */
    public byte[] address() {
        return address.clone();
    }

    /** Writes address and port at the buffer's position (package use: the record and msgId codecs). */
    void writeTo(java.nio.ByteBuffer buf, int index) {
        buf.put(index, address);
        buf.putInt(index + address.length, port);
    }

    void writeTo(java.nio.ByteBuffer buf) {
        buf.put(address);
        buf.putInt(port);
    }

    public InetSocketAddress toSocketAddress() {
        try {
            return new InetSocketAddress(InetAddress.getByAddress(address), port);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("impossible: address of length " + address.length, e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Host h && h.port == port && Arrays.equals(h.address, address);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(address) * 31 + port;
    }

    @Override
    public String toString() {
        InetSocketAddress s = toSocketAddress();
        return s.getAddress().getHostAddress() + ":" + port;
    }
}
