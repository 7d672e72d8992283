package dev.petrel.broker.processor;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.HeaderCodec;

/**
 * Builds the broker's responses: success with an optional header and body, errors with a remark, and the answer to
 * a header that could not be read (SYSTEM_ERROR with the decoder's text, as the 5.3.1 broker answers).
 */
public final class Replies {

    private Replies() {
    }

    public static RemotingCommand ok(RemotingCommand request) {
        return request.response(ResponseCode.SUCCESS, null);
    }

    public static <H> RemotingCommand ok(RemotingCommand request, HeaderCodec<H> codec, H header) {
        return request.newResponse(ResponseCode.SUCCESS).extFields(codec.encode(header)).build();
    }

    public static RemotingCommand okBody(RemotingCommand request, byte[] body) {
        return request.newResponse(ResponseCode.SUCCESS).body(body).build();
    }

    public static <B> RemotingCommand okJson(RemotingCommand request, BodyCodec<B> codec, B body) {
        return request.newResponse(ResponseCode.SUCCESS).body(codec.encode(body)).build();
    }

    public static RemotingCommand error(RemotingCommand request, int code, String remark) {
        return request.response(code, remark);
    }

    /** The answer to a header that failed to decode. */
    public static RemotingCommand badHeader(RemotingCommand request, Decoded<?> decoded) {
        return request.response(decoded.responseCode(), decoded.errorMessage());
    }
}
