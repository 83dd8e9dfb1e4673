export { RestConsoleApi, type RestApiOptions } from './rest-api';
export { HttpClient, type RequestOptions } from './http';
export { apiUrl, socketUrl } from './urls';
export { md5 } from './md5';
