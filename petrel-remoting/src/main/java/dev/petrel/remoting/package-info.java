/**
 * RocketMQ remoting over Netty: {@link dev.petrel.remoting.RemotingServer} and {@link dev.petrel.remoting.RemotingClient}
 * move {@link dev.petrel.protocol.frame.RemotingCommand frames} and dispatch requests by code to
 * {@link dev.petrel.remoting.RequestProcessor processors}; either end can call the other over one
 * {@link dev.petrel.remoting.Connection}. Nothing here knows brokers, topics or stores.
 *
 * <pre>
 *  bytes ──► [IdleStateHandler] ──► FrameDecoder ──► ConnectionHandler ──► response? ResponseTable (per connection)
 *                                   (length, max,        │                  request?  RequestDispatcher ──► ProcessorExecutor
 *                                    frame codec)        │                                                   └► RequestProcessor
 *  socket ◄── FrameEncoder ◄── writes from callers, processors and RequestContext.respond (any thread)
 * </pre>
 */
package dev.petrel.remoting;
