package dev.petrel.broker;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Enumeration;

/**
 * Who this broker is, resolved once at start: cluster, name, id and the addresses it registers.
 *
 * @param clusterName cluster
 * @param brokerName  broker name (shared by a master and its slaves)
 * @param brokerId    0 for a master
 * @param ip1         address clients reach it at
 * @param ip2         address for replication
 * @param port        the bound listen port
 */
public record BrokerIdentity(String clusterName, String brokerName, long brokerId, String ip1, String ip2, int port) {

    /** {@code ip1:port}: the broker address clients use and NameServers list. */
    public String address() {
        return ip1 + ":" + port;
    }

    /** This host's name, as Apache's default broker name; {@code DEFAULT_BROKER} when it cannot be found. */
    static String localHostName() {
        try {
            String name = InetAddress.getLocalHost().getHostName();
            return name == null || name.isBlank() ? "DEFAULT_BROKER" : name;
        } catch (UnknownHostException e) {
            return "DEFAULT_BROKER";
        }
    }

    /** The first non-loopback, non-link-local IPv4 address of an interface that is up (public before private). */
    static String localIpv4() {
        try {
            String fallback = null;
            Enumeration<NetworkInterface> nics = NetworkInterface.getNetworkInterfaces();
            while (nics != null && nics.hasMoreElements()) {
                NetworkInterface nic = nics.nextElement();
                if (!nic.isUp() || nic.isLoopback() || nic.isVirtual()) {
                    continue;
                }
                Enumeration<InetAddress> addresses = nic.getInetAddresses();
                while (addresses.hasMoreElements()) {
                    InetAddress a = addresses.nextElement();
                    if (a instanceof Inet4Address && !a.isLinkLocalAddress() && !a.isLoopbackAddress()) {
                        if (!a.isSiteLocalAddress()) {
                            return a.getHostAddress();
                        }
                        if (fallback == null) {
                            fallback = a.getHostAddress();
                        }
                    }
                }
            }
            return fallback != null ? fallback : "127.0.0.1";
        } catch (SocketException e) {
            return "127.0.0.1";
        }
    }
}
