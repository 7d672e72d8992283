package dev.petrel.protocol.frame;

/**
 * The sender's implementation language, as RocketMQ numbers it ({@code LanguageCode.java}). The JSON header carries
 * the name, the binary header the {@linkplain #code() code byte}.
 *
 * <p>Develop-branch RocketMQ adds {@code NODE_JS(13)}; the 5.3.1 tools decode that name to null, so Petrel does not
 * emit it and decodes it, like every unknown value, as {@link #OTHER}.
 */
public enum LanguageCode {
    JAVA(0),
    CPP(1),
    DOTNET(2),
    PYTHON(3),
    DELPHI(4),
    ERLANG(5),
    RUBY(6),
    OTHER(7),
    HTTP(8),
    GO(9),
    PHP(10),
    OMS(11),
    RUST(12);

    private static final LanguageCode[] BY_CODE = values();

    private final byte code;

    LanguageCode(int code) {
        this.code = (byte) code;
    }

    /** The byte written in the binary header. Equal to the ordinal, which the JSON decoder also accepts. */
    public byte code() {
        return code;
    }

    /** The language with this code byte, or {@link #OTHER} for a code RocketMQ 5.3.1 does not define. */
    public static LanguageCode forCodeOrOther(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : OTHER;
    }

    /** The language with this name (case-insensitive, as fastjson matches it), or {@link #OTHER} when unknown. */
    public static LanguageCode forNameOrOther(String name) {
        for (LanguageCode language : BY_CODE) {
            if (language.name().equalsIgnoreCase(name)) {
                return language;
            }
        }
        return OTHER;
    }
}
