package dev.petrel.admin.command;

import dev.petrel.admin.AdminClient.BrokerAddress;
import dev.petrel.admin.cli.Command;
import dev.petrel.admin.cli.Flag;
import dev.petrel.admin.cli.Invocation;
import dev.petrel.admin.cli.ParsedArgs;
import dev.petrel.admin.cli.Report;
import dev.petrel.admin.cli.Table;
import dev.petrel.client.BrokerException;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.admin.CreateAccessConfigRequestHeader;
import dev.petrel.protocol.header.admin.DeleteAccessConfigRequestHeader;
import dev.petrel.protocol.header.admin.GetBrokerAclConfigResponseHeader;
import dev.petrel.protocol.header.admin.UpdateGlobalWhiteAddrsConfigRequestHeader;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * mqadmin 5.3.1's ACL 1.0 commands (security.md §2.8): updateAclConfig, deleteAclConfig, updateGlobalWhiteAddr
 * (every broker of a cluster, masters and slaves, with {@code -c}) and clusterAclConfigVersion (masters with
 * {@code -c}). They edit the brokers' plain_acl.yml through the admin codes 50–53, so the caller needs an ACL 1.0
 * admin account ({@code --access-key}). Unlike mqadmin, updateAclConfig prints the account without its secret.
 */
public final class AclCommands {

    private static final RecordHeaderCodec<CreateAccessConfigRequestHeader> CREATE =
        RecordHeaderCodec.of(CreateAccessConfigRequestHeader.class);
    private static final RecordHeaderCodec<DeleteAccessConfigRequestHeader> DELETE =
        RecordHeaderCodec.of(DeleteAccessConfigRequestHeader.class);
    private static final RecordHeaderCodec<UpdateGlobalWhiteAddrsConfigRequestHeader> WHITE =
        RecordHeaderCodec.of(UpdateGlobalWhiteAddrsConfigRequestHeader.class);
    private static final RecordHeaderCodec<GetBrokerAclConfigResponseHeader> INFO =
        RecordHeaderCodec.of(GetBrokerAclConfigResponseHeader.class);

    private static final Flag BROKER_ADDR = Flag.value("b", "brokerAddr", "ADDR", "one broker, host:port");
    private static final Flag CLUSTER = Flag.value("c", "clusterName", "CLUSTER",
        "every broker of the cluster, masters and slaves");

    private AclCommands() {
    }

    public static List<Command> all() {
        return List.of(
            Command.of("updateAclConfig", "create or update an ACL 1.0 account in the brokers' plain_acl.yml "
                    + "(only the fields given change)",
                "petrel admin updateAclConfig -n 127.0.0.1:9876 -c DefaultCluster -a aliceKey1 -s aliceSecret1 "
                    + "-i DENY -t orders=PUB,audit=SUB --access-key adminKey1 --secret-key adminSecret1",
                AclCommands::updateAclConfig, BROKER_ADDR, CLUSTER,
                Flag.value("a", "accessKey", "AK", "the account's access key (7 characters or more)").mandatory(),
                Flag.value("s", "secretKey", "SK", "its secret key (7 characters or more)").mandatory(),
                Flag.value("w", "whiteRemoteAddress", "PATTERN", "addresses that pass without a signature"),
                Flag.value("i", "defaultTopicPerm", "PERM", "DENY, PUB, SUB or PUB|SUB for unlisted topics"),
                Flag.value("u", "defaultGroupPerm", "PERM", "DENY, PUB, SUB or PUB|SUB for unlisted groups"),
                Flag.value("t", "topicPerms", "LIST", "topic=PERM[,topic=PERM] (replaces the account's list)"),
                Flag.value("g", "groupPerms", "LIST", "group=PERM[,group=PERM] (replaces the account's list)"),
                Flag.value("m", "admin", "true|false", "whether the account is an admin (default false)")),
            Command.of("deleteAclConfig", "delete an ACL 1.0 account from the brokers' plain_acl.yml",
                "petrel admin deleteAclConfig -n 127.0.0.1:9876 -c DefaultCluster -a aliceKey1",
                AclCommands::deleteAclConfig, BROKER_ADDR, CLUSTER,
                Flag.value("a", "accessKey", "AK", "the account to delete").mandatory()),
            Command.of("updateGlobalWhiteAddr", "replace the global white addresses of a broker's ACL 1.0 file",
                "petrel admin updateGlobalWhiteAddr -n 127.0.0.1:9876 -c DefaultCluster -g 10.10.103.*,192.168.0.*",
                AclCommands::updateGlobalWhiteAddr, BROKER_ADDR, CLUSTER,
                Flag.value("g", "globalWhiteRemoteAddresses", "LIST", "the patterns, comma-separated").mandatory(),
                Flag.value("p", "aclFileFullPath", "FILE", "which ACL file (default: the broker's plain_acl.yml)")),
            Command.of("clusterAclConfigVersion", "the version of every ACL 1.0 file of a broker or of every master",
                "petrel admin clusterAclConfigVersion -n 127.0.0.1:9876 -c DefaultCluster",
                AclCommands::clusterAclConfigVersion, BROKER_ADDR,
                Flag.value("c", "clusterName", "CLUSTER", "every master of the cluster")));
    }

    static Report updateAclConfig(Invocation in) {
        ParsedArgs a = in.args();
        List<BrokerAddress> brokers = ClusterCommands.targets(in, false);
        CreateAccessConfigRequestHeader h = new CreateAccessConfigRequestHeader(a.required("accessKey").trim(),
            a.required("secretKey").trim(), trimmed(a.string("whiteRemoteAddress")), a.bool("admin", false),
            trimmed(a.string("defaultTopicPerm")), trimmed(a.string("defaultGroupPerm")),
            trimmed(a.string("topicPerms")), trimmed(a.string("groupPerms")));
        Report r = new Report();
        List<String> done = new ArrayList<>();
        for (BrokerAddress b : brokers) {
            call(in, b.address(), RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_ACL_CONFIG, CREATE.encode(h), null),
                "updateAclConfig " + h.accessKey());
            r.linef("create or update plain access config to %s success.", b.address());
            done.add(b.address());
        }
        Map<String, Object> account = new LinkedHashMap<>();
        account.put("accessKey", h.accessKey());
        account.put("whiteRemoteAddress", h.whiteRemoteAddress());
        account.put("admin", h.admin());
        account.put("defaultTopicPerm", h.defaultTopicPerm());
        account.put("defaultGroupPerm", h.defaultGroupPerm());
        account.put("topicPerms", h.topicPerms());
        account.put("groupPerms", h.groupPerms());
        r.linef("PlainAccessConfig{accessKey='%s', secretKey='******', whiteRemoteAddress='%s', admin=%s, "
                + "defaultTopicPerm='%s', defaultGroupPerm='%s', topicPerms=%s, groupPerms=%s}", h.accessKey(),
            h.whiteRemoteAddress(), h.admin(), h.defaultTopicPerm(), h.defaultGroupPerm(), list(h.topicPerms()),
            list(h.groupPerms()));
        return r.put("brokers", done).put("account", account);
    }

    static Report deleteAclConfig(Invocation in) {
        String accessKey = in.args().required("accessKey").trim();
        List<BrokerAddress> brokers = ClusterCommands.targets(in, false);
        Report r = new Report();
        List<String> done = new ArrayList<>();
        for (BrokerAddress b : brokers) {
            call(in, b.address(), RemotingCommand.request(RequestCode.DELETE_ACL_CONFIG,
                DELETE.encode(new DeleteAccessConfigRequestHeader(accessKey)), null), "deleteAclConfig " + accessKey);
            r.linef("delete plain access config account from %s success.", b.address());
            done.add(b.address());
        }
        r.linef("account's accessKey is:%s", accessKey);
        return r.put("brokers", done).put("accessKey", accessKey);
    }

    static Report updateGlobalWhiteAddr(Invocation in) {
        ParsedArgs a = in.args();
        String patterns = a.required("globalWhiteRemoteAddresses").trim();
        String file = trimmed(a.string("aclFileFullPath"));
        List<BrokerAddress> brokers = ClusterCommands.targets(in, false);
        Report r = new Report();
        List<String> done = new ArrayList<>();
        for (BrokerAddress b : brokers) {
            call(in, b.address(), RemotingCommand.request(RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG,
                WHITE.encode(new UpdateGlobalWhiteAddrsConfigRequestHeader(patterns, file)), null),
                "updateGlobalWhiteAddr");
            r.linef("update global white remote addresses to %s success.", b.address());
            done.add(b.address());
        }
        return r.put("brokers", done).put("globalWhiteRemoteAddresses", List.of(patterns.split(",")));
    }

    static Report clusterAclConfigVersion(Invocation in) {
        boolean byCluster = in.args().has("clusterName");
        List<BrokerAddress> brokers = ClusterCommands.targets(in, true);
        String format = "%-16s  %-22s  %-22s  %-20s  %-22s  %-22s";
        Table t = new Table(format, format, "#Cluster Name", "clusterName", "#Broker Name", "brokerName",
            "#Broker Addr", "brokerAddr", "#AclFilePath", "aclFilePath", "#AclConfigVersionNum", "counter",
            "#AclLastUpdateTime", "timestamp");
        SimpleDateFormat time = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss");
        for (BrokerAddress b : brokers) {
            RemotingCommand response = call(in, b.address(), RemotingCommand.request(
                RequestCode.GET_BROKER_CLUSTER_ACL_INFO, Map.of(), null), "clusterAclConfigVersion");
            Decoded<GetBrokerAclConfigResponseHeader> decoded = INFO.decode(response.extFields());
            if (!decoded.isOk()) {
                throw new BrokerException(response.code(), decoded.errorMessage(), b.address(),
                    "clusterAclConfigVersion (the answer cannot be read)");
            }
            GetBrokerAclConfigResponseHeader h = decoded.value();
            for (Map.Entry<String, DataVersion> file : fileVersions(h, b.address()).entrySet()) {
                DataVersion v = file.getValue();
                t.row(new Object[] {h.clusterName(), h.brokerName(), h.brokerAddr(), file.getKey(),
                    String.valueOf(v.counter()), time.format(new Date(v.timestamp()))},
                    new Object[] {h.clusterName(), h.brokerName(), h.brokerAddr(), file.getKey(), v.counter(),
                        v.timestamp()});
            }
        }
        Report r = new Report().table("versions", t);
        if (!byCluster) {
            r.linef("get broker's plain access config version success. Address:%s ", brokers.get(0).address());
        } else {
            r.line("get cluster's plain access config version success.");
        }
        return r;
    }

    /**
     * {@code allAclFileVersion}; a broker that leaves it out (Apache 5.3.1's, on which mqadmin 5.3.1 fails) gives its
     * default file's {@code version} alone, under the name "(default file)".
     */
    private static Map<String, DataVersion> fileVersions(GetBrokerAclConfigResponseHeader h, String address) {
        Map<String, DataVersion> out = new LinkedHashMap<>();
        try {
            if (h.allAclFileVersion() != null && !h.allAclFileVersion().isBlank()) {
                Map<?, ?> all = ProtocolJson.codec().decode(h.allAclFileVersion().getBytes(StandardCharsets.UTF_8),
                    Map.class);
                for (Map.Entry<?, ?> e : all.entrySet()) {
                    out.put(String.valueOf(e.getKey()), DataVersion.CODEC.decode(
                        ProtocolJson.codec().encode(e.getValue())));
                }
                return out;
            }
            out.put("(default file)", DataVersion.CODEC.decode(h.version().getBytes(StandardCharsets.UTF_8)));
            return out;
        } catch (RuntimeException e) {
            throw new BrokerException(ResponseCode.SUCCESS, "its ACL versions are not JSON (" + e.getMessage() + ")",
                address, "clusterAclConfigVersion");
        }
    }

    private static RemotingCommand call(Invocation in, String address, RemotingCommand request, String what) {
        RemotingCommand response = in.admin().admin().invoke(address, request, what);
        if (response.code() != ResponseCode.SUCCESS) {
            throw new BrokerException(response.code(), response.remark(), address, what);
        }
        return response;
    }

    private static String trimmed(String s) {
        return s == null ? null : s.trim();
    }

    private static String list(String joined) {
        return joined == null ? "null" : "[" + String.join(", ", joined.split(",")) + "]";
    }
}
