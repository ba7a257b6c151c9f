import { Button, Table, TextInput } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../confirm-dialog/ConfirmDialog.tsx";
import {
  addPair,
  canAddPair,
  deletePropertyQuestion,
  type KeyValuePairs,
  removePair,
} from "./logic/key-value.ts";

interface Props {
  pairs: KeyValuePairs;
  /** Column headers (default Name, Value, Actions). */
  headers?: readonly [string, string, string];
  /** Shows the add row and delete buttons. */
  editable?: boolean;
  onChange?(pairs: Record<string, string>): void;
}

/** A table of properties; Add needs key and value, Delete asks first (spec 000 §5). */
export function KeyValueTable(
  { pairs, headers = ["Name", "Value", "Actions"], editable = false, onChange }: Props,
) {
  const [newKey, setNewKey] = useState("");
  const [newValue, setNewValue] = useState("");
  const [deleting, setDeleting] = useState<string | null>(null);
  const add = () => {
    if (!canAddPair(newKey, newValue)) return;
    onChange?.(addPair(pairs, newKey, newValue));
    setNewKey("");
    setNewValue("");
  };
  return (
    <>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{headers[0]}</Table.Th>
            <Table.Th>{headers[1]}</Table.Th>
            {editable && <Table.Th>{headers[2]}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(pairs).map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Td>{key}</Table.Td>
              <Table.Td>{value}</Table.Td>
              {editable && (
                <Table.Td>
                  <Button size="xs" variant="default" color="red" onClick={() => setDeleting(key)}>
                    Delete
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {editable && (
            <Table.Tr>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label="Key"
                  placeholder={headers[0]}
                  value={newKey}
                  onChange={(e) => setNewKey(e.currentTarget.value)}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label="Value"
                  placeholder={headers[1]}
                  value={newValue}
                  onChange={(e) => setNewValue(e.currentTarget.value)}
                />
              </Table.Td>
              <Table.Td>
                <Button size="xs" disabled={!canAddPair(newKey, newValue)} onClick={add}>Add</Button>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={deleting !== null}
        confirmColor="red"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) onChange?.(removePair(pairs, deleting));
          setDeleting(null);
        }}
      >
        {deleting !== null ? deletePropertyQuestion(deleting) : ""}
      </ConfirmDialog>
    </>
  );
}
