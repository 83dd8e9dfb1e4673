import { faultsFromEnv, startStandIn } from './index';

/**
 * Starts a stand-in of the real back end on a free 127.0.0.1 port and prints its address:
 *
 *   npx tsx contracts/standin/main.ts                      # the API only
 *   STANDIN_CONSOLE=1 npx tsx contracts/standin/main.ts    # also serves the built console (npm run build first)
 *   CONTRACT_BASE_URL=<printed address> npm run test:contracts -- --project target
 */
const standIn = await startStandIn({ faults: faultsFromEnv(process.env.CONTRACT_STANDIN_FAULTS), serveConsole: process.env.STANDIN_CONSOLE === '1' });
console.log(`stand-in of the real back end: ${standIn.baseUrl}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
