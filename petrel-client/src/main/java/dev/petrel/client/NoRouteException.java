package dev.petrel.client;

import java.util.List;

/** No NameServer knows a route for the topic, or the route has no queue the call can use. */
public final class NoRouteException extends ClientException {

    private final String topic;
    private final List<String> nameServers;

    public NoRouteException(String topic, List<String> nameServers, String message) {
        super(message);
        this.topic = topic;
        this.nameServers = List.copyOf(nameServers);
    }

    /** The usual case: the topic does not exist and the broker does not create topics on first send. */
    public static NoRouteException noRoute(String topic, List<String> nameServers) {
        return new NoRouteException(topic, nameServers, "no route for topic " + topic + " from NameServers " + nameServers
            + ": create the topic (mqadmin updateTopic, or PetrelAdmin.createTopic) or enable autoCreateTopicEnable on "
            + "the broker");
    }

    public String topic() {
        return topic;
    }

    public List<String> nameServers() {
        return nameServers;
    }
}
