package dev.petrel.broker.ha;

import dev.petrel.broker.auth.Acl;
import dev.petrel.broker.auth.AuthCodec;
import dev.petrel.broker.auth.AuthUser;
import dev.petrel.broker.replication.MetadataTables;
import dev.petrel.common.concurrent.PeriodicLoop;
import dev.petrel.common.json.JsonType;
import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.auth.AclInfo;
import dev.petrel.protocol.body.auth.UserInfo;
import dev.petrel.protocol.body.offset.ConsumerOffsetSerializeWrapper;
import dev.petrel.protocol.body.offset.DelayOffsetSerializeWrapper;
import dev.petrel.protocol.body.subscription.SubscriptionGroupWrapper;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A slave's copy of its master's metadata (RocketMQ's SlaveSynchronize, ha.md §1.8): every
 * {@code slaveSynchronizeInterval} (10 s, the period of Apache's DLedger and controller-mode slaves; a classic Apache
 * slave syncs every 60 s) and at once when the master's address becomes known or changes, it asks the master for
 * GET_ALL_TOPIC_CONFIG (21), GET_ALL_CONSUMER_OFFSET (43), GET_ALL_DELAY_OFFSET (45),
 * GET_ALL_SUBSCRIPTIONGROUP_CONFIG (201) and, Petrel's addition, the ACL 2.0 users and ACLs (AUTH_LIST_USER 3005,
 * AUTH_LIST_ACL 3010: an Apache broker keeps its own, Petrel's slaves mirror their master's), and adopts them: topics and groups replaced when their data version
 * differs, delay progress replaced, consumer offsets reconciled ({@link OffsetReconciler}: commits taken while the
 * master was down are not overwritten by the master's older values). Each table is written to its file.
 *
 * <p>A call that fails (master down, timeout, an error answer, a body that does not parse) is logged once per
 * distinct error and skipped; the other tables are still synced. Skipped while no master is known or the master's
 * address is this broker's own.
 *
 * <p>In DLedger mode the master is the group's current leader: a {@code masterLookup} gives its address at the start
 * of every round (null while this member leads or knows no leader; the round is then skipped), and a
 * {@code mayAdopt} guard is asked again before each table is adopted, so a member promoted during a round keeps its
 * own tables.
 *
 * <p>Threading: the thread {@code petrel-ha-slave-sync} runs every sync; {@link #masterAddress} and {@link #syncSoon}
 * may be called from any thread.
 */
public final class SlaveSynchronize extends PeriodicLoop {

    private static final Logger LOG = LoggerFactory.getLogger(SlaveSynchronize.class);

    private final RemotingClient client;
    private final MetadataTables tables;
    private final String ownAddress;
    private final long timeoutMillis;
    private final OffsetReconciler reconciler;
    private final AtomicReference<String> master = new AtomicReference<>();
    private final AtomicLong syncs = new AtomicLong();
    private volatile long lastSyncMillis = -1;
    private volatile String lastError;
    /** The last reason users and ACLs were not copied (sync thread only; logged when it changes). */
    private String lastAuthError;
    /** A call of the current sync failed (sync thread only). */
    private boolean roundFailed;
    private final java.util.function.LongSupplier millis;
    private final java.util.function.Supplier<String> masterLookup;
    private final java.util.function.BooleanSupplier mayAdopt;

    /**
     * @param ownAddress    this broker's {@code ip1:port}, never synced from
     * @param timeoutMillis per call (Apache: 3 s)
     */
    public SlaveSynchronize(RemotingClient client, MetadataTables tables, String ownAddress, long intervalMillis,
                            long timeoutMillis, java.util.function.LongSupplier millis) {
        this(client, tables, ownAddress, intervalMillis, timeoutMillis, millis, null, () -> true);
    }

    /**
     * @param masterLookup the master's broker address, asked at the start of every round (null: skip the round);
     *                     null for a classic slave, whose master is {@link #masterAddress announced}
     * @param mayAdopt     asked before each table is adopted; false drops the rest of the round
     */
    public SlaveSynchronize(RemotingClient client, MetadataTables tables, String ownAddress, long intervalMillis,
                            long timeoutMillis, java.util.function.LongSupplier millis,
                            java.util.function.Supplier<String> masterLookup, java.util.function.BooleanSupplier mayAdopt) {
        super(masterLookup == null ? "petrel-ha-slave-sync" : "petrel-dledger-metadata-sync", intervalMillis);
        this.masterLookup = masterLookup;
        this.mayAdopt = mayAdopt;
        this.client = client;
        this.tables = tables;
        this.ownAddress = ownAddress;
        this.timeoutMillis = timeoutMillis;
        this.millis = millis;
        this.reconciler = new OffsetReconciler(tables.offsets());
    }

    /** The master's broker address from REGISTER_BROKER (null: none known; keeps the last one, as Apache's HA does). */
    public void masterAddress(String address) {
        if (address == null || address.isBlank()) {
            master.set(null);
            return;
        }
        String old = master.getAndSet(address.trim());
        if (!address.trim().equals(old)) {
            LOG.info("slave synchronizes metadata from master {} (was {})", address.trim(), old);
            wake();
        }
    }

    public String masterAddress() {
        return master.get();
    }

    /** Completed syncs (every table attempted). */
    public long syncs() {
        return syncs.get();
    }

    /** ms of the last completed sync, -1 before the first. */
    public long lastSyncMillis() {
        return lastSyncMillis;
    }

    /** The last call's error, null when the last sync succeeded. */
    public String lastError() {
        return lastError;
    }

    /** Runs the next round now (a DLedger follower saw the leader change). */
    public void syncSoon() {
        wake();
    }

    /** Stops the sync thread (an ongoing sync finishes first). */
    public void stop() throws InterruptedException {
        stopThread();
    }

    @Override
    protected void tick() {
        syncAll();
    }

    /** One sync of every table; false when skipped (no master) or any table failed. */
    public boolean syncAll() {
        if (masterLookup != null) {
            String found = masterLookup.get();
            String old = master.getAndSet(found);
            if (found != null && !found.equals(old)) {
                LOG.info("follower synchronizes metadata from leader {} (was {})", found, old);
            }
        }
        String addr = master.get();
        if (addr == null || addr.equals(ownAddress)) {
            return false;
        }
        roundFailed = false;
        TopicConfigAndMappingSerializeWrapper topics = fetch(addr, RequestCode.GET_ALL_TOPIC_CONFIG,
            TopicConfigAndMappingSerializeWrapper.CODEC);
        if (topics != null && adopting()) {
            tables.topics().replaceFromMaster(topics.dataVersion(), topics.topicConfigTable());
        }
        ConsumerOffsetSerializeWrapper offsets = fetch(addr, RequestCode.GET_ALL_CONSUMER_OFFSET,
            ConsumerOffsetSerializeWrapper.CODEC);
        if (offsets != null && adopting()) {
            OffsetReconciler.Outcome o = reconciler.apply(offsets.offsetTable());
            if (o.adopted() > 0 || o.keptLocal() > 0) {
                LOG.info("consumer offsets from master {}: {} adopted, {} kept (committed on this slave since)", addr,
                    o.adopted(), o.keptLocal());
            }
            tables.offsets().persist();
        }
        DelayOffsetSerializeWrapper delay = fetch(addr, RequestCode.GET_ALL_DELAY_OFFSET,
            DelayOffsetSerializeWrapper.CODEC);
        if (delay != null && adopting()) {
            tables.delayOffsets().replaceFromMaster(delay);
        }
        SubscriptionGroupWrapper groups = fetch(addr, RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
            SubscriptionGroupWrapper.CODEC);
        if (groups != null && adopting()) {
            tables.groups().replaceFromMaster(groups.dataVersion(), groups.subscriptionGroupTable());
        }
        if (tables.auth() != null) {
            syncAuth(addr);
        }
        boolean ok = !roundFailed;
        if (ok) {
            lastError = null;
        }
        lastSyncMillis = millis.getAsLong();
        syncs.incrementAndGet();
        return ok;
    }

    /**
     * Users and ACLs: AUTH_LIST_USER and AUTH_LIST_ACL without filters (signed as the inner user, who must be allowed
     * them on the master); adopted only when both answered, so a refused or failed call never empties the slave's.
     * Unlike the four tables, a failure here does not fail the round: a master that does not serve them (an Apache
     * master without an authentication metadata provider) or refuses them is logged once per distinct answer and
     * the slave keeps its own users and ACLs.
     */
    private void syncAuth(String addr) {
        byte[] users = authBody(addr, RequestCode.AUTH_LIST_USER);
        byte[] acls = users == null ? null : authBody(addr, RequestCode.AUTH_LIST_ACL);
        if (acls == null) {
            return;
        }
        List<AuthUser> userList = new ArrayList<>();
        List<Acl> aclList = new ArrayList<>();
        try {
            for (UserInfo u : users.length == 0 ? List.<UserInfo>of()
                : ProtocolJson.codec().decode(users, new JsonType<List<UserInfo>>() { })) {
                userList.add(AuthCodec.user(u.username(), u));
            }
            for (AclInfo a : acls.length == 0 ? List.<AclInfo>of()
                : ProtocolJson.codec().decode(acls, new JsonType<List<AclInfo>>() { })) {
                aclList.add(AuthCodec.acl(null, a));
            }
        } catch (RuntimeException e) { // JsonException, AuthException: a body this broker cannot take
            authNotCopied(addr, "users or ACLs cannot be read: " + e.getMessage());
            return;
        }
        if (mayAdopt.getAsBoolean()) {
            tables.auth().replaceFromMaster(userList, aclList);
            lastAuthError = null;
        }
    }

    /** One AUTH_LIST_* call's body (empty when none); null after logging when it did not succeed. */
    private byte[] authBody(String addr, int code) {
        try {
            RemotingCommand r = client.invokeSync(addr, RemotingCommand.request(code, Map.of(), null), timeoutMillis);
            if (r.code() == ResponseCode.SUCCESS) {
                return r.body() == null ? new byte[0] : r.body();
            }
            authNotCopied(addr, "request " + code + " answered code " + r.code() + " " + r.remark());
        } catch (RemotingException e) {
            authNotCopied(addr, "request " + code + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    private void authNotCopied(String addr, String why) {
        String text = "users and ACLs not copied from master " + addr + " (the slave keeps its own): " + why;
        if (!text.equals(lastAuthError)) {
            LOG.info(text);
        }
        lastAuthError = text;
    }

    private boolean adopting() {
        if (mayAdopt.getAsBoolean()) {
            return true;
        }
        roundFailed = true;
        return false;
    }

    /** One call; null after logging (each distinct error once) when it did not give a usable body. */
    private <T> T fetch(String addr, int code, BodyCodec<T> codec) {
        String error;
        try {
            RemotingCommand r = client.invokeSync(addr, RemotingCommand.request(code, Map.of(), null), timeoutMillis);
            if (r.code() == ResponseCode.SUCCESS) {
                return codec.decode(r.body());
            }
            if (r.code() == ResponseCode.SYSTEM_ERROR && r.remark() != null && r.remark().startsWith("No ")) {
                return null; // "No consumer offset in this broker": nothing to copy yet
            }
            error = "code " + r.code() + " " + r.remark();
        } catch (RemotingException e) {
            error = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (RuntimeException e) { // a body that does not parse (MalformedBodyException)
            error = e.toString();
        }
        roundFailed = true;
        String text = "slave sync of request " + code + " from master " + addr + " failed: " + error;
        if (!text.equals(lastError)) {
            LOG.warn(text);
        }
        lastError = text;
        return null;
    }
}
