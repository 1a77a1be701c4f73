// The part of autocannon's API the service benchmarks use (the package ships no types).
// In: autocannon's options. Out: its result (latency in ms).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string; path?: string; headers?: Record<string, string>; body?: string;
      /** Called before each request is sent: returns the request to send (here, a new body). */
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    }
    interface Options {
      url: string; connections?: number; duration?: number; amount?: number; timeout?: number; pipelining?: number;
      method?: string; headers?: Record<string, string>; body?: string; requests?: Request[];
    }
    interface Histogram { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p97_5: number; p99: number; p99_9: number }
    interface Result {
      requests: Histogram & { total: number; sent: number };
      latency: Histogram;
      throughput: Histogram;
      errors: number; timeouts: number; non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      duration: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
