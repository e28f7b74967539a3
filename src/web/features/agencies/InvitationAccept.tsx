import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, type ButtonProps } from 'antd';
import { agencyShareExample } from '@shared/money';
import type { Schema } from '../../lib/client';
import { useFormat } from '../../lib/format';

type Invitation = Schema<'AgencyInvitation'>;
/** the fee of the example: $1,000 */
const EXAMPLE_FEE_CENTS = 100_000;

/** What the share means on a $1,000 fixed fee, with today's platform fee: the same arithmetic as a deal's settlement. */
export function ShareExample({ shareBps, platformFeeBps }: { shareBps: number; platformFeeBps: number }) {
  const { t } = useTranslation('agencies');
  const { money } = useFormat();
  const x = agencyShareExample(EXAMPLE_FEE_CENTS, platformFeeBps, shareBps);
  return (
    <p className="ag-muted ag-example" data-testid="agency-share-example">
      {t('mine.example', {
        fee: money(x.feeCents),
        platform: money(x.platformCents),
        feePercent: platformFeeBps / 100,
        agency: money(x.agencyCents),
        share: shareBps / 100,
        you: money(x.influencerCents),
      })}
    </p>
  );
}

/** 接受: a dialog that says what joining means, then the accept of the share read (a changed invitation is refused). */
export function AcceptInvitationButton({
  i,
  platformFeeBps,
  pending,
  onAccept,
}: {
  i: Invitation;
  platformFeeBps: number;
  pending: boolean;
  onAccept: (shareBps: number, done: () => void) => void;
}) {
  const { t } = useTranslation('agencies');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type="primary" loading={pending} onClick={() => setOpen(true)} data-testid="agency-invitation-accept">
        {t('mine.accept')}
      </Button>
      <Modal
        open={open}
        title={t('mine.confirmTitle', { agency: i.agency.name })}
        okText={t('mine.confirmOk')}
        cancelText={t('workspace.cancel')}
        confirmLoading={pending}
        onOk={() => onAccept(i.shareBps, () => setOpen(false))}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': 'agency-invitation-confirm' } as ButtonProps}
        destroyOnHidden
      >
        <p>{t('mine.confirmBody', { share: i.shareBps / 100 })}</p>
        <ShareExample shareBps={i.shareBps} platformFeeBps={platformFeeBps} />
      </Modal>
    </>
  );
}
