import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError } from 'fastify'
import { errorBody } from '@/domain/api'

/** Node's parser's refusals as a status and the words a client can act on. */
function describe(error: ConnectionError): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request’s headers are too large.' }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive.' }
    default:
      return { status: 400, message: 'The request is not valid.' }
  }
}

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (headers
 * over Node's limit, a malformed request line, a request too slow to arrive)
 * with the statuses Fastify's default handler uses, but in the API's error
 * shape and with the security headers every other answer carries.
 */
export function clientErrorHandler(securityHeaders: Record<string, string>) {
  return (error: ConnectionError, socket: Socket) => {
    // A connection reset has nothing left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const { status, message } = describe(error)
    const body = JSON.stringify(errorBody('INVALID_INPUT', message))
    const headers = {
      ...securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`)
    }
    socket.destroy(error)
  }
}
