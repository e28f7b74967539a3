import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal, Popconfirm, type ButtonProps } from 'antd';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { useChangeRosterInvitation, useWithdrawRosterInvitation } from './api';
import { ShareField } from './ShareField';
import { shareInputToBps } from './shareInput';

type Invitation = Schema<'AgencyInvitation'>;

/** A pending invitation on the agency's workspace: 修改分成 (a dialog) and 撤回 (after a confirmation); the influencer is told. */
export function PendingInvitationActions({ i }: { i: Invitation }) {
  const { t } = useTranslation('agencies');
  const { apiErrorText, errorText } = useErrorText();
  const withdraw = useWithdrawRosterInvitation();
  const change = useChangeRosterInvitation();
  const [open, setOpen] = useState(false);
  const [share, setShare] = useState('');
  const [shareError, setShareError] = useState<string | null>(null);
  const save = () => {
    const shareBps = shareInputToBps(share);
    if (shareBps === null) {
      setShareError(errorText('AGENCY_SHARE_INVALID'));
      return;
    }
    change.mutate({ id: i.id, shareBps }, { onSuccess: () => setOpen(false) });
  };
  const problem = withdraw.error ?? null;
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setShare(String(i.shareBps / 100));
          setShareError(null);
          change.reset();
          setOpen(true);
        }}
        data-testid="invitation-change"
      >
        {t('workspace.changeShare')}
      </Button>
      <Popconfirm
        title={t('workspace.withdrawConfirm')}
        onConfirm={() => withdraw.mutate(i.id)}
        okButtonProps={{ 'data-testid': 'invitation-withdraw-ok' } as ButtonProps}
      >
        <Button
          size="small"
          danger
          loading={withdraw.isPending}
          data-testid="invitation-withdraw"
          title={problem ? apiErrorText(problem, t('workspace.actionFailed')) : undefined}
        >
          {t('workspace.withdraw')}
        </Button>
      </Popconfirm>
      <Modal
        open={open}
        title={t('workspace.changeShareTitle', { name: i.influencer.nickname })}
        okText={t('workspace.save')}
        cancelText={t('workspace.cancel')}
        onOk={save}
        onCancel={() => setOpen(false)}
        confirmLoading={change.isPending}
        okButtonProps={{ 'data-testid': 'invitation-change-save' } as ButtonProps}
        destroyOnHidden
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <ShareField
            id="ag-change-share"
            value={share}
            onChange={(typed) => {
              setShare(typed);
              setShareError(null);
            }}
            error={shareError}
            testId="invitation-change-share"
            errorTestId="invitation-change-error"
          />
          <p className="ag-muted">{t('workspace.changeShareHint')}</p>
          {change.isError && <Alert type="error" showIcon title={apiErrorText(change.error, t('workspace.actionFailed'))} />}
        </form>
      </Modal>
    </>
  );
}
