package dev.petrel.message;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Enumeration;

/** Finds this host's preferred IPv4 address for message ids (non-loopback, non-link-local, up interfaces). */
final class LocalAddress {

    private LocalAddress() {
    }

    static byte[] preferredIpv4() {
        try {
            Enumeration<NetworkInterface> nics = NetworkInterface.getNetworkInterfaces();
            byte[] fallback = null;
            while (nics != null && nics.hasMoreElements()) {
                NetworkInterface nic = nics.nextElement();
                if (!nic.isUp() || nic.isLoopback()) {
                    continue;
                }
                Enumeration<InetAddress> addrs = nic.getInetAddresses();
                while (addrs.hasMoreElements()) {
                    InetAddress a = addrs.nextElement();
                    if (a instanceof Inet4Address && !a.isLinkLocalAddress()) {
                        if (!a.isSiteLocalAddress()) {
                            return a.getAddress();
                        }
                        fallback = a.getAddress();
                    }
                }
            }
            return fallback != null ? fallback : InetAddress.getLoopbackAddress().getAddress();
        } catch (SocketException e) {
            return null;
        }
    }
}
