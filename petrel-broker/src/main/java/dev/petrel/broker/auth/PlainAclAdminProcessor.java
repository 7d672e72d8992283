package dev.petrel.broker.auth;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.time.Clock;
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
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ACL 1.0 admin requests (security.md §2.8), as the 5.3.1 broker answers them, so mqadmin's updateAclConfig,
 * deleteAclConfig, updateGlobalWhiteAddr and clusterAclConfigVersion work:
 *
 * <table>
 *   <caption>codes</caption>
 *   <tr><td>UPDATE_AND_CREATE_ACL_CONFIG (50)</td><td>the account is written to the file that defines it, a new one
 *   to the default file; only the fields sent replace the stored ones (the secret is always sent)</td>
 *   <td>0 / 209</td></tr>
 *   <tr><td>DELETE_ACL_CONFIG (51)</td><td>removed from the file that defines it</td><td>0 / 210</td></tr>
 *   <tr><td>GET_BROKER_CLUSTER_ACL_INFO (52)</td><td>the default file's version, every file's version (5.3.1
 *   leaves {@code allAclFileVersion} out and its own client then fails), the broker's names</td><td>0</td></tr>
 *   <tr><td>UPDATE_GLOBAL_WHITE_ADDRS_CONFIG (53)</td><td>replaces a file's globalWhiteRemoteAddresses (blank path:
 *   the default file; a named one must be an existing .yml/.yaml under the home directory)</td><td>0 / 211</td></tr>
 * </table>
 *
 * Each change is checked by the file loader before it is written (a change the broker could not load is refused,
 * the file untouched), written atomically ({@link ConfigFile}: new content forced to disk, previous kept as
 * {@code .bak}, renamed over the file, permissions kept), moves the file's {@code dataVersion} on, and is in force
 * before the answer (the watcher re-reads at once). Remarks never quote a secret (5.3.1's do). With
 * {@code aclEnable=false} every code is refused with a remark saying so. Who may call them is ACL's business: ACL 1.0
 * needs an admin account for 50–52, ACL 2.0 Cluster Update / Get.
 *
 * <p>Runs on the auth admin pool (one thread); changes are serialised by this object's lock.
 */
final class PlainAclAdminProcessor implements RequestProcessor {

    static final int[] CODES = {RequestCode.UPDATE_AND_CREATE_ACL_CONFIG, RequestCode.DELETE_ACL_CONFIG,
        RequestCode.GET_BROKER_CLUSTER_ACL_INFO, RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG};
    /** RocketMQ's failure codes of 50, 51 and 53 (209 and 210 share their values with POLLING_FULL / TIMEOUT). */
    static final int UPDATE_AND_CREATE_ACL_CONFIG_FAILED = 209;
    static final int DELETE_ACL_CONFIG_FAILED = 210;
    static final int UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED = 211;

    private static final Logger LOG = LoggerFactory.getLogger(PlainAclAdminProcessor.class);
    private static final RecordHeaderCodec<CreateAccessConfigRequestHeader> CREATE =
        RecordHeaderCodec.of(CreateAccessConfigRequestHeader.class);
    private static final RecordHeaderCodec<DeleteAccessConfigRequestHeader> DELETE =
        RecordHeaderCodec.of(DeleteAccessConfigRequestHeader.class);
    private static final RecordHeaderCodec<UpdateGlobalWhiteAddrsConfigRequestHeader> WHITE =
        RecordHeaderCodec.of(UpdateGlobalWhiteAddrsConfigRequestHeader.class);
    private static final RecordHeaderCodec<GetBrokerAclConfigResponseHeader> INFO =
        RecordHeaderCodec.of(GetBrokerAclConfigResponseHeader.class);

    /** Who answers GET_BROKER_CLUSTER_ACL_INFO. */
    record Identity(String clusterName, String brokerName, String brokerAddr) {
    }

    private final PlainAclWatcher watcher;
    private final Identity identity;
    private final Clock clock;

    /** @param watcher the ACL 1.0 files; null when aclEnable is off (every request is then refused) */
    PlainAclAdminProcessor(PlainAclWatcher watcher, Identity identity, Clock clock) {
        this.watcher = watcher;
        this.identity = identity;
        this.clock = clock;
    }

    @Override
    public synchronized RemotingCommand process(RequestContext context, RemotingCommand request) {
        int failed = failureCode(request.code());
        if (watcher == null) {
            return request.response(failed, "ACL 1.0 is off on this broker (aclEnable=false): there is no plain_acl.yml "
                + "to " + (request.code() == RequestCode.GET_BROKER_CLUSTER_ACL_INFO ? "read" : "change")
                + "; set aclEnable=true (and rocketmqHome) in broker.conf, or use ACL 2.0's users and ACLs");
        }
        try {
            return switch (request.code()) {
                case RequestCode.UPDATE_AND_CREATE_ACL_CONFIG -> upsert(context, request);
                case RequestCode.DELETE_ACL_CONFIG -> delete(context, request);
                case RequestCode.GET_BROKER_CLUSTER_ACL_INFO -> info(request);
                case RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG -> globalWhite(context, request);
                default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not an ACL 1.0 admin request");
            };
        } catch (AuthException e) {
            LOG.info("ACL 1.0 admin request {} from {} refused: {}", RequestCode.name(request.code()),
                context.remoteAddress(), e.getMessage());
            return request.response(failed, e.getMessage());
        } catch (UncheckedIOException e) {
            LOG.error("ACL 1.0 admin request {} from {} failed", RequestCode.name(request.code()),
                context.remoteAddress(), e);
            return request.response(failed, "the ACL file cannot be written or read (" + e.getMessage()
                + "); see the broker's log");
        }
    }

    private static int failureCode(int code) {
        return switch (code) {
            case RequestCode.UPDATE_AND_CREATE_ACL_CONFIG -> UPDATE_AND_CREATE_ACL_CONFIG_FAILED;
            case RequestCode.DELETE_ACL_CONFIG -> DELETE_ACL_CONFIG_FAILED;
            case RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG -> UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED;
            default -> ResponseCode.SYSTEM_ERROR;
        };
    }

    private RemotingCommand upsert(RequestContext context, RemotingCommand request) {
        Decoded<CreateAccessConfigRequestHeader> decoded = CREATE.decode(request.extFields());
        if (!decoded.isOk()) {
            return request.response(decoded.responseCode(), decoded.errorMessage());
        }
        CreateAccessConfigRequestHeader h = decoded.value();
        Path file = watcher.fileOf(h.accessKey());
        Path target = file != null ? file : watcher.defaultFile();
        PlainAclEditor.Edited edited = PlainAclEditor.upsert(read(target), new PlainAclEditor.AccountChange(
            h.accessKey(), h.secretKey(), h.whiteRemoteAddress(), h.admin(), h.defaultTopicPerm(), h.defaultGroupPerm(),
            split(h.topicPerms()), split(h.groupPerms())), clock.millis());
        write(target, edited);
        LOG.info("ACL 1.0: {} accessKey {} in {} for {} (version {})", file != null ? "updated" : "created",
            AuthFailures.printable(h.accessKey()), target, context.remoteAddress(), edited.version().counter());
        return request.response(ResponseCode.SUCCESS, null);
    }

    private RemotingCommand delete(RequestContext context, RemotingCommand request) {
        Decoded<DeleteAccessConfigRequestHeader> decoded = DELETE.decode(request.extFields());
        if (!decoded.isOk()) {
            return request.response(decoded.responseCode(), decoded.errorMessage());
        }
        String accessKey = decoded.value().accessKey();
        Path file = watcher.fileOf(accessKey);
        PlainAclEditor.Edited edited = file == null ? null : PlainAclEditor.delete(read(file), accessKey, clock.millis());
        if (edited == null) {
            // 5.3.1's remark
            return request.response(DELETE_ACL_CONFIG_FAILED, "The accessKey[" + AuthFailures.printable(accessKey)
                + "] corresponding to accessConfig has been deleted failed.");
        }
        write(file, edited);
        LOG.info("ACL 1.0: deleted accessKey {} from {} for {} (version {})", AuthFailures.printable(accessKey), file,
            context.remoteAddress(), edited.version().counter());
        return request.response(ResponseCode.SUCCESS, null);
    }

    private RemotingCommand globalWhite(RequestContext context, RemotingCommand request) {
        Decoded<UpdateGlobalWhiteAddrsConfigRequestHeader> decoded = WHITE.decode(request.extFields());
        if (!decoded.isOk()) {
            return request.response(decoded.responseCode(), decoded.errorMessage());
        }
        UpdateGlobalWhiteAddrsConfigRequestHeader h = decoded.value();
        Path file = h.aclFileFullPath() == null || h.aclFileFullPath().isBlank() ? watcher.defaultFile() : aclFile(h.aclFileFullPath());
        List<String> patterns = split(h.globalWhiteAddrs());
        PlainAclEditor.Edited edited = PlainAclEditor.globalWhite(read(file), patterns, clock.millis());
        write(file, edited);
        LOG.info("ACL 1.0: globalWhiteRemoteAddresses of {} set to {} for {} (version {})", file, patterns,
            context.remoteAddress(), edited.version().counter());
        return request.response(ResponseCode.SUCCESS, null);
    }

    /** A file a request names: an existing .yml/.yaml under the home directory (as 5.3.1 means to check). */
    private Path aclFile(String name) {
        Path p = Path.of(name).toAbsolutePath().normalize();
        if (!p.startsWith(watcher.home())) {
            throw new AuthException("aclFileFullPath " + AuthFailures.printable(name) + " is not under the broker's "
                + "RocketMQ home " + watcher.home() + "; name one of its ACL files, or leave it blank for "
                + watcher.defaultFile());
        }
        if (!Files.isRegularFile(p) || !(p.toString().endsWith(".yml") || p.toString().endsWith(".yaml"))) {
            throw new AuthException("aclFileFullPath " + AuthFailures.printable(name) + " is not an existing .yml or "
                + ".yaml file; the broker's ACL files: " + watcher.files());
        }
        return p;
    }

    private RemotingCommand info(RemotingCommand request) {
        Map<String, DataVersion> all = new LinkedHashMap<>();
        for (Path p : watcher.files()) {
            all.put(p.toString(), version(p));
        }
        DataVersion main = all.getOrDefault(watcher.defaultFile().toString(), version(watcher.defaultFile()));
        GetBrokerAclConfigResponseHeader header = new GetBrokerAclConfigResponseHeader(
            new String(DataVersion.CODEC.encode(main), StandardCharsets.UTF_8),
            new String(ProtocolJson.codec().encode(all), StandardCharsets.UTF_8),
            identity.brokerName(), identity.brokerAddr(), identity.clusterName());
        return request.newResponse(ResponseCode.SUCCESS).extFields(INFO.encode(header)).build();
    }

    /** A file's dataVersion; one no request has changed yet counts 0, stamped with its modification time. */
    private static DataVersion version(Path p) {
        try {
            DataVersion v = PlainAclEditor.version(read(p));
            return v.counter() == 0 && v.timestamp() == 0
                ? new DataVersion(0, 0, Files.getLastModifiedTime(p).toMillis()) : v;
        } catch (AuthException | IOException | UncheckedIOException e) {
            return new DataVersion(0, 0, 0);
        }
    }

    private void write(Path file, PlainAclEditor.Edited edited) {
        new ConfigFile(file).write(edited.bytes());
        watcher.reload(file);
    }

    private static byte[] read(Path p) {
        try {
            if (Files.size(p) > PlainAclFile.MAX_BYTES) {
                throw new AuthException(p + " has over " + PlainAclFile.MAX_BYTES + " bytes");
            }
            return Files.readAllBytes(p);
        } catch (java.nio.file.NoSuchFileException e) {
            return new byte[0];
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    /** RocketMQ's UtilAll.split: null stays null, blank is empty, else the comma-separated items. */
    static List<String> split(String text) {
        if (text == null) {
            return null;
        }
        if (text.isBlank()) {
            return List.of();
        }
        return new ArrayList<>(Arrays.asList(text.split(",")));
    }
}
