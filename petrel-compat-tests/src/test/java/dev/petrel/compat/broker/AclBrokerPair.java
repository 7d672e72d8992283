package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.ApacheBrokerProcess;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One Apache RocketMQ 5.3.1 broker and one Petrel broker, started side by side without a NameServer (each in a
 * directory of its own under {@code dir}), and the official client's remoting client ({@link AclRequests}) that asks
 * both the same questions: the fixture of the ACL tables, shared by a whole test class (Apache's boot costs about 11
 * CPU-seconds).
 */
final class AclBrokerPair implements AutoCloseable {

    final ApacheBrokerProcess apache;
    final PetrelBroker petrel;
    final AclRequests requests;

    private AclBrokerPair(ApacheBrokerProcess apache, PetrelBroker petrel) {
        this.apache = apache;
        this.petrel = petrel;
        this.requests = new AclRequests();
    }

    /**
     * @param apacheConf broker.conf properties of the Apache broker (started in {@code dir/apache}, its home)
     * @param petrelConf broker.conf properties of the Petrel broker ({@code dir/petrel}); its cluster is {@code cluster} too
     */
    static AclBrokerPair start(Path dir, String cluster, Map<String, String> apacheConf, Map<String, String> petrelConf) {
        Map<String, String> apacheAll = new LinkedHashMap<>(apacheConf);
        // No fast failure: a request waiting long in a queue on a loaded machine is still checked, not answered busy.
        apacheAll.put("brokerFastFailureEnable", "false");
        CompletableFuture<ApacheBrokerProcess> a = CompletableFuture.supplyAsync(() ->
            ApacheBrokerProcess.startWithoutNameServer(dir.resolve("apache"), cluster, "acl-apache", apacheAll));
        PetrelBroker p = null;
        try {
            Map<String, String> conf = new LinkedHashMap<>(petrelConf);
            conf.put("brokerClusterName", cluster);
            p = PetrelBroker.start(dir.resolve("petrel"), "", conf);
            return new AclBrokerPair(a.join(), p);
        } catch (RuntimeException | Error e) {
            a.thenAccept(ApacheBrokerProcess::close);
            if (p != null) {
                p.close();
            }
            throw e;
        }
    }

    @Override
    public void close() {
        requests.close();
        apache.close();
        petrel.close();
    }
}
