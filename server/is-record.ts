/** The server's one check before reading keys of unknown input: the contracts' definition, shared by console, gateway and server. */
export { isRecord } from '../contracts/json';
