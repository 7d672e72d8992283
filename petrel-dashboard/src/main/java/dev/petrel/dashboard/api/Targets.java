package dev.petrel.dashboard.api;

import dev.petrel.admin.AdminClient;
import dev.petrel.admin.AdminClient.BrokerAddress;
import dev.petrel.dashboard.http.ApiException;
import dev.petrel.dashboard.http.ApiRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a create-or-update goes: the broker a request names ({@code brokerName}), or every master of its
 * {@code cluster}, or every master when there is only one cluster (several clusters need a choice).
 */
final class Targets {

    private Targets() {
    }

    /**
     * @param what what is being created, for the error messages ("the topic", "the group")
     * @throws ApiException 400 when several clusters leave the choice open, or no master is registered
     */
    static List<String> of(AdminClient admin, ApiRequest request, String what) {
        List<String> targets = new ArrayList<>();
        if (request.has("brokerName")) {
            targets.add(admin.addressOfBroker(request.string("brokerName")));
        } else {
            String cluster = request.string("cluster", null);
            List<BrokerAddress> masters = admin.masters(cluster);
            if (cluster == null && masters.stream().map(BrokerAddress::cluster).distinct().count() > 1) {
                throw ApiException.badRequest("there are several clusters: choose one ('cluster') or a broker ('brokerName')");
            }
            masters.forEach(m -> targets.add(m.address()));
        }
        if (targets.isEmpty()) {
            throw ApiException.badRequest("no master broker is registered with the NameServer to create " + what + " on");
        }
        return targets;
    }
}
