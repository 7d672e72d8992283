package dev.petrel.client.internal;

import dev.petrel.client.ClientConfig;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.remoting.RemotingClientConfig;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Enumeration;
import java.util.List;

/**
 * What a {@link ClientInstance} is made of, resolved from a client's configuration.
 *
 * @param nameServers   NameServer addresses
 * @param instanceName  the instance name, with RocketMQ's {@code DEFAULT} replaced by the process id
 * @param clientIp      this client's address as other parties see it
 * @param pollNameServerIntervalMillis route refresh period
 * @param heartbeatIntervalMillis      heartbeat period
 * @param persistOffsetIntervalMillis  offset commit period
 * @param apiTimeoutMillis             timeout of control calls
 * @param rebalanceIntervalMillis      rebalance period of every consumer of the instance
 * @param remoting      remoting client settings
 * @param clock         time source
 * @param credentials   ACL credentials every request is signed with; null for none
 */
public record ClientSettings(List<String> nameServers, String instanceName, String clientIp,
                             long pollNameServerIntervalMillis, long heartbeatIntervalMillis,
                             long persistOffsetIntervalMillis, long apiTimeoutMillis, long rebalanceIntervalMillis,
                             RemotingClientConfig remoting, Clock clock, SessionCredentials credentials) {

    public ClientSettings {
        nameServers = List.copyOf(nameServers);
    }

    public static ClientSettings from(Config config, Clock clock) {
        List<String> nameServers = NameServerSelector.parse(config.get(ClientConfig.NAMESRV_ADDR));
        if (nameServers.isEmpty()) {
            throw new IllegalArgumentException("no NameServer address: call namesrvAddr(\"host:9876\") on the builder, "
                + "or set -Drocketmq.namesrv.addr / $NAMESRV_ADDR");
        }
        String instance = config.get(ClientConfig.INSTANCE_NAME);
        if (instance == null || instance.isEmpty() || instance.equals("DEFAULT")) {
            instance = Long.toString(ProcessHandle.current().pid());
        }
        String ip = config.get(ClientConfig.CLIENT_IP);
        return new ClientSettings(nameServers, instance, ip == null || ip.isEmpty() ? localIp() : ip,
            config.get(ClientConfig.POLL_NAME_SERVER_INTERVAL), config.get(ClientConfig.HEARTBEAT_BROKER_INTERVAL),
            config.get(ClientConfig.PERSIST_CONSUMER_OFFSET_INTERVAL), config.get(ClientConfig.MQ_CLIENT_API_TIMEOUT),
            config.get(ClientConfig.REBALANCE_WAIT_INTERVAL), RemotingClientConfig.from(config), clock,
            credentials(config));
    }

    private static SessionCredentials credentials(Config config) {
        String ak = config.get(ClientConfig.ACCESS_KEY);
        String sk = config.get(ClientConfig.SECRET_KEY);
        boolean hasAk = ak != null && !ak.isBlank();
        boolean hasSk = sk != null && !sk.isBlank();
        if (hasAk != hasSk) {
            throw new IllegalArgumentException("set both accessKey and secretKey to sign requests, or neither");
        }
        if (!hasAk) {
            return null;
        }
        String token = config.get(ClientConfig.SECURITY_TOKEN);
        return new SessionCredentials(ak, sk, token == null || token.isEmpty() ? null : token);
    }

    /** RocketMQ's client id: {@code ip@instanceName}. */
    public String clientId() {
        return clientIp + "@" + instanceName;
    }

    /** Which instance clients share: same NameServers (in any order) and instance name. */
    public String instanceKey() {
        // Credentials sign on the shared connection, so clients with different access keys never share an instance.
        return String.join(";", nameServers.stream().sorted().toList()) + "|" + clientId()
            + (credentials == null ? "" : "|" + credentials.accessKey() + "|" + Integer.toHexString(
                java.util.Objects.hash(credentials.secretKey(), credentials.securityToken())));
    }

    /** A non-loopback IPv4 address, preferring public over site-local ones; loopback when there is none. */
    static String localIp() {
        try {
            String fallback = null;
            Enumeration<NetworkInterface> nics = NetworkInterface.getNetworkInterfaces();
            while (nics != null && nics.hasMoreElements()) {
                NetworkInterface nic = nics.nextElement();
                if (!nic.isUp() || nic.isLoopback() || nic.isVirtual()) {
                    continue;
                }
                Enumeration<InetAddress> addrs = nic.getInetAddresses();
                while (addrs.hasMoreElements()) {
                    InetAddress a = addrs.nextElement();
                    if (a instanceof Inet4Address && !a.isLinkLocalAddress()) {
                        if (!a.isSiteLocalAddress()) {
                            return a.getHostAddress();
                        }
                        fallback = fallback == null ? a.getHostAddress() : fallback;
                    }
                }
            }
            return fallback != null ? fallback : InetAddress.getLoopbackAddress().getHostAddress();
        } catch (SocketException e) {
            return InetAddress.getLoopbackAddress().getHostAddress();
        }
    }
}
