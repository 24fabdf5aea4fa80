/**
 * Pre-call network diagnostics on a temporary daily call object (browser only): TURN
 * connectivity, websocket connectivity and, when available, call quality.
 */
import { loadDailyFactory } from './daily-loader';
import { resolveLogger, type WebCallLoggerOption } from './logger';

/** The daily call-object methods the network tests use (daily-js 0.87). */
interface NetworkTestCall {
  testNetworkConnectivity(videoTrack?: MediaStreamTrack): Promise<unknown>;
  testWebsocketConnectivity(): Promise<unknown>;
  testCallQuality?: () => Promise<unknown>;
  startCamera(): Promise<unknown>;
  destroy(): Promise<void>;
}

/** Runs the tests; every failure is a field of the result, never a rejection. */
export async function runNetworkTests(logger?: WebCallLoggerOption): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  let call: NetworkTestCall | null = null;
  try {
    const factory = await loadDailyFactory();
    // The factory is daily's createCallObject here, whose objects have the test methods.
    call = factory({ audioSource: true, videoSource: true }) as unknown as NetworkTestCall;
    let videoTrack: MediaStreamTrack | undefined;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      videoTrack = stream.getVideoTracks()[0];
      results.networkConnectivity = await call.testNetworkConnectivity(videoTrack);
    } catch (error) {
      results.networkConnectivity = { result: 'error', error: String(error) };
    } finally {
      videoTrack?.stop();
    }
    try {
      results.websocketConnectivity = await call.testWebsocketConnectivity();
    } catch (error) {
      results.websocketConnectivity = { result: 'error', error: String(error) };
    }
    if (typeof call.testCallQuality === 'function') {
      try {
        await call.startCamera();
        results.callQuality = await call.testCallQuality();
      } catch (error) {
        results.callQuality = {
          result: 'error',
          error: String(error),
          message: 'Failed to initialize camera for call quality test. Check camera permissions.',
        };
      }
    } else {
      results.callQuality = { result: 'not-available', message: 'testCallQuality method not available' };
    }
  } catch (error) {
    results.error = String(error);
  } finally {
    if (call) {
      try {
        await call.destroy();
      } catch (error) {
        resolveLogger(logger).error('Error destroying temporary call object:', error);
      }
    }
  }
  return results;
}
