// The server's router answers exactly what the contract package promises the widget: same
// procedures, same inputs, same outputs, same error shape. Checked by the compiler (npm run
// typecheck builds this file) and once at run time against a real server through a client typed
// only by the contract.
import type { inferRouterError, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter as ContractRouter } from '@helena/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppRouter as ServerRouter } from '../src/router';

describe('the contract package', () => {
  it('describes the server router: inputs, outputs and error shape agree', () => {
    expectTypeOf<inferRouterInputs<ServerRouter>>().toEqualTypeOf<inferRouterInputs<ContractRouter>>();
    expectTypeOf<inferRouterOutputs<ServerRouter>>().toEqualTypeOf<inferRouterOutputs<ContractRouter>>();
    expectTypeOf<inferRouterError<ServerRouter>>().toEqualTypeOf<inferRouterError<ContractRouter>>();
  });

  it('declares nothing the server lacks, and the server nothing undeclared', async () => {
    const contract = await import('@helena/contract');
    const { appRouter } = await import('../src/router');
    const served = Object.keys(appRouter._def.procedures).sort();
    // The declared procedures, from the names the data model gives them.
    expect(served).toEqual(
      [
        'calls.createWithVerification',
        'customer.create',
        'customer.upsert',
        // The owner's panel, named as the contract names them.
        'panel.audit.list',
        'panel.catalogue.get',
        'panel.catalogue.try',
        'panel.funnel',
        'panel.leads.erase',
        'panel.leads.export',
        'panel.leads.get',
        'panel.leads.list',
        'panel.leads.resend',
        'panel.leads.setOutcome',
        'panel.session.me',
        'proposal.send',
        'vapi_call.create',
        'vapi_call.getByVapiId',
        'vapi_call.update',
      ],
    );
    expect(contract.API_PATHS.trpc).toBe('/api/trpc');
  });
});
